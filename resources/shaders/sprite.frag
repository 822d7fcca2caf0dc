#version 330 core
// cocos2d-x's sprite shader: texel × vertex colour. With premultiplied textures the colour is
// premultiplied too, so alpha fades the sprite under the ONE, ONE_MINUS_SRC_ALPHA blend.
in vec2 vTexCoord;
in vec4 vColor;

uniform sampler2D sprite;
uniform bool premultiplied;

out vec4 fragColor;

void main()
{
    vec4 tint = premultiplied ? vec4(vColor.rgb * vColor.a, vColor.a) : vColor;
    fragColor = texture(sprite, vTexCoord) * tint;
}
