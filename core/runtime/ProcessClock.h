#pragma once

#include "base/FrameRate.h"
#include "model/Easing.h"

#include <cmath>

namespace bonescope::core {

/// cocos2d-x's AnimationType, same order: values ≤ ToLoopBack mean "still blending in
/// (durationTo)", values above mean "playing the timeline".
enum class LoopType : int {
    SingleFrame = -4,
    NoLoop,
    ToLoopFront,
    ToLoopBack,
    LoopFront,
    LoopBack,
    Max,
};

/// The progress clock shared by a movement player and each bone tween (cocos2d-x ProcessBase).
/// `currentFrame` and `nextFrameIndex` count frames of the current phase (the durationTo blend,
/// then the durationTween pass); `currentPercent` is their ratio. Fields are public because the
/// player and the tweens drive them exactly as cocos2d-x's subclasses do.
struct ProcessClock {
    float processScale = 1.f;
    bool isPause = true;
    bool isComplete = true;
    bool isPlaying = false;
    float currentPercent = 0.f;
    int rawDuration = 0; ///< frames of the movement (`dr`)
    LoopType loopType = LoopType::LoopBack;
    Easing tweenEasing = Easing::Linear;
    int durationTween = 0; ///< frames one pass lasts
    float currentFrame = 0.f;
    int curFrameIndex = 0;
    int nextFrameIndex = 0;

    /// Starts a phase that blends in over `durationToFrames`.
    void play(int durationToFrames, Easing easing);
    void pause();
    void resume();
    void stop();
    /// Advances by `dtSeconds`; true when the owner must run its progress handler (cocos2d-x
    /// calls updateHandler exactly then).
    bool advance(float dtSeconds)
    {
        // cocos2d-x ignores steps longer than a second (a stalled device).
        return !(dtSeconds > 1) && advanceFrames(dtSeconds / kFrameSeconds);
    }
    /// advance by a step of at most a second given in frames (dtSeconds / kFrameSeconds): the
    /// player divides once for all its bones.
    bool advanceFrames(float frames)
    {
        // cocos2d-x ignores empty movements.
        if (isComplete || isPause || rawDuration <= 0)
            return false;
        if (nextFrameIndex <= 0) {
            currentPercent = 1;
            currentFrame = 0;
        } else {
            const float length = static_cast<float>(nextFrameIndex);
            currentFrame += processScale * frames;
            currentPercent = currentFrame / length;
            // fmod is the identity inside [0, length): skip the libm call on the common path.
            if (!(currentFrame >= 0 && currentFrame < length))
                currentFrame = std::fmod(currentFrame, length);
        }
        return true;
    }
    /// cocos2d-x gotoAndPlay's clock (ArmatureAnimation's and each Tween's alike): leaves the
    /// blend-in phase, aims at timeline frame `frameIndex` and plays. For a one-frame movement
    /// the position is 0/0: cocos2d-x's NaN freezes the bones, reproduced.
    void gotoAndPlay(int frameIndex);

    friend bool operator==(const ProcessClock&, const ProcessClock&) = default;
};

} // namespace bonescope::core
