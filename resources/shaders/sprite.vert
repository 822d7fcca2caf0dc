#version 330 core
// Sprite batch: world-space corners, normalised texture coordinates, straight RGBA colour.
layout(location = 0) in vec2 position;
layout(location = 1) in vec2 texCoord;
layout(location = 2) in vec4 color;

uniform mat4 worldToClip;

out vec2 vTexCoord;
out vec4 vColor;

void main()
{
    vTexCoord = texCoord;
    vColor = color;
    gl_Position = worldToClip * vec4(position, 0.0, 1.0);
}
