#version 330 core
// Sprite batch: world-space corners, normalised texture coordinates, straight RGBA colour and
// the texture unit (0..7) the quad samples, so one draw call covers several atlases.
layout(location = 0) in vec2 position;
layout(location = 1) in vec2 texCoord;
layout(location = 2) in vec4 color;
layout(location = 3) in uint textureSlot;

uniform mat4 worldToClip;

out vec2 vTexCoord;
out vec4 vColor;
flat out uint vTextureSlot;

void main()
{
    vTexCoord = texCoord;
    vColor = color;
    vTextureSlot = textureSlot;
    gl_Position = worldToClip * vec4(position, 0.0, 1.0);
}
