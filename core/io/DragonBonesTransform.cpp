#include "io/DragonBonesTransform.h"

#include <cmath>

namespace bonescope::core {

namespace {

/// TransformHelp::nodeToMatrix. cocos2d-x calls sin/cos on float arguments, which resolve to
/// the float overloads; the pure-rotation branch keeps them in doubles before scaling.
Affine nodeToMatrix(const Transform& node)
{
    Affine m;
    if (node.skewX == -node.skewY) {
        const double sine = std::sin(node.skewX);
        const double cosine = std::cos(node.skewX);
        m.a = static_cast<float>(node.scaleX * cosine);
        m.b = static_cast<float>(node.scaleX * -sine);
        m.c = static_cast<float>(node.scaleY * sine);
        m.d = static_cast<float>(node.scaleY * cosine);
    } else {
        m.a = node.scaleX * std::cos(node.skewY);
        m.b = node.scaleX * std::sin(node.skewY);
        m.c = node.scaleY * std::sin(node.skewX);
        m.d = node.scaleY * std::cos(node.skewX);
    }
    m.tx = node.x;
    m.ty = node.y;
    return m;
}

/// AffineTransformInvert, in float.
Affine invert(const Affine& t)
{
    const float determinant = 1 / (t.a * t.d - t.b * t.c);
    return {determinant * t.d,
            -determinant * t.b,
            -determinant * t.c,
            determinant * t.a,
            determinant * (t.c * t.ty - t.d * t.tx),
            determinant * (t.b * t.tx - t.a * t.ty)};
}

/// AffineTransformConcat(t1, t2) = t1 × t2 (t1 applied first), in float.
Affine concat(const Affine& t1, const Affine& t2)
{
    return {t1.a * t2.a + t1.b * t2.c,           t1.a * t2.b + t1.b * t2.d,
            t1.c * t2.a + t1.d * t2.c,           t1.c * t2.b + t1.d * t2.d,
            t1.tx * t2.a + t1.ty * t2.c + t2.tx, t1.tx * t2.b + t1.ty * t2.d + t2.ty};
}

/// TransformHelp::matrixToNode: the unit vectors go through PointApplyAffineTransform (double
/// sums rounded to float) and get the translation subtracted again in float, as AS3's
/// deltaTransformPoint emulation does.
void matrixToNode(const Affine& m, Transform& node)
{
    const auto apply = [&m](float x, float y, float& outX, float& outY) {
        outX = static_cast<float>(double(m.a) * x + double(m.c) * y + m.tx);
        outY = static_cast<float>(double(m.b) * x + double(m.d) * y + m.ty);
    };
    float upX = 0.f, upY = 0.f, rightX = 0.f, rightY = 0.f;
    apply(0.f, 1.f, upX, upY);
    upX -= m.tx;
    upY -= m.ty;
    apply(1.f, 0.f, rightX, rightY);
    rightX -= m.tx;
    rightY -= m.ty;

    node.skewX = -(std::atan2(upY, upX) - 1.5707964f);
    node.skewY = std::atan2(rightY, rightX);
    node.scaleX = std::sqrt(m.a * m.a + m.b * m.b);
    node.scaleY = std::sqrt(m.c * m.c + m.d * m.d);
    node.x = m.tx;
    node.y = m.ty;
}

} // namespace

void transformFromParent(Transform& node, const Transform& parent)
{
    matrixToNode(concat(nodeToMatrix(node), invert(nodeToMatrix(parent))), node);
}

} // namespace bonescope::core
