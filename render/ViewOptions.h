#pragma once

#include <QColor>

namespace bonescope::render {

/// What a renderer draws besides the sprites, and how it samples textures. Shared by the GL
/// viewport and the headless QPainter renderer so both show the same picture.
struct ViewOptions {
    bool showSprites = true;
    bool showBones = false;  ///< bone segments and joints, the selected bone highlighted
    bool showPivots = false; ///< each sprite's anchor point
    bool showBounds = false; ///< each armature's axis-aligned bounding box
    bool showAxes = true;    ///< world origin axes (x red, y green)
    bool showGrid = false;
    float gridStep = 50.f; ///< points (world units) between grid lines

    static constexpr int kMaxOnionFrames = 20; ///< ghosts each side, at most

    /// Onion skin: when on, how many frames before / after the current one the scene's owner
    /// supplies as ghosts (Scene::ghosts), 0..kMaxOnionFrames; 0 disables that side.
    bool onionSkin = false;
    int onionBefore = 2;
    int onionAfter = 2;
    /// Opacity of the ghosts next to the current frame, ratio 0..1; farther ones fade out.
    float onionOpacity = 0.6f;

    /// Ghosts the scene's owner supplies before / after the current frame (0 when off).
    int ghostsBefore() const { return onionSkin ? onionBefore : 0; }
    int ghostsAfter() const { return onionSkin ? onionAfter : 0; }

    bool checkerBackground = false; ///< checkerboard instead of a flat colour
    QColor background = QColor(48, 48, 56);

    /// Textures hold premultiplied colour (cocos2d-x's default for PNG): blend ONE,
    /// ONE_MINUS_SRC_ALPHA. Off: straight alpha, blend SRC_ALPHA, ONE_MINUS_SRC_ALPHA. The GL
    /// viewport only: QPainter always composes premultiplied, which is what cocos2d-x shows.
    bool premultipliedAlpha = true;
    bool smoothFiltering = true; ///< linear texture filtering; off = nearest (pixel art)

    friend bool operator==(const ViewOptions&, const ViewOptions&) = default;
};

} // namespace bonescope::render
