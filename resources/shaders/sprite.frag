#version 330 core
// cocos2d-x's sprite shader: texel × vertex colour. With premultiplied textures the colour is
// premultiplied too, so alpha fades the sprite under the ONE, ONE_MINUS_SRC_ALPHA blend.
// GLSL 3.30 indexes sampler arrays with constants only, hence the switch.
in vec2 vTexCoord;
in vec4 vColor;
flat in uint vTextureSlot;

uniform sampler2D sprites[8];
uniform bool premultiplied;

out vec4 fragColor;

void main()
{
    vec4 texel;
    switch (vTextureSlot) {
    case 0u: texel = texture(sprites[0], vTexCoord); break;
    case 1u: texel = texture(sprites[1], vTexCoord); break;
    case 2u: texel = texture(sprites[2], vTexCoord); break;
    case 3u: texel = texture(sprites[3], vTexCoord); break;
    case 4u: texel = texture(sprites[4], vTexCoord); break;
    case 5u: texel = texture(sprites[5], vTexCoord); break;
    case 6u: texel = texture(sprites[6], vTexCoord); break;
    default: texel = texture(sprites[7], vTexCoord); break;
    }
    vec4 tint = premultiplied ? vec4(vColor.rgb * vColor.a, vColor.a) : vColor;
    fragColor = texel * tint;
}
