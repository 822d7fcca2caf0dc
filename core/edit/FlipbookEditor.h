#pragma once

#include "base/LoadError.h"
#include "model/FlipbookData.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// A timing value of a cocos2d AnimationCache plist that Bonescope edits and writes back.
enum class FlipbookKey {
    DelayPerUnit,         ///< `delayPerUnit` (format 1: `delay`): seconds, more than 0
    Loops,                ///< `loops`: 1 or more (format 2)
    RestoreOriginalFrame, ///< `restoreOriginalFrame`: true or false (format 2)
    DelayUnits,           ///< a frame's `delayUnits`: more than 0 (format 2)
};

/// The name users type (`bonescope-cli edit --set NAME=VALUE`): delayPerUnit, loops,
/// restoreOriginalFrame, delayUnits.
std::string_view flipbookKeyName(FlipbookKey key);
/// The key called `name` (as flipbookKeyName spells it), or nullopt.
std::optional<FlipbookKey> parseFlipbookKey(std::string_view name);
/// `text` as a value of `key` ("true" / "false" for restoreOriginalFrame, a whole number for
/// loops, a decimal number otherwise), or why it is not one.
Result<double> parseFlipbookValue(FlipbookKey key, std::string_view text);

/// Where a flipbook edit applies: an animation, and for DelayUnits one of its frames.
struct FlipbookTarget {
    std::string animation;
    int frame = -1; ///< DelayUnits: 0-based, as the file lists the frames

    bool operator==(const FlipbookTarget&) const = default;
};

/// One timing value that differs from the plist's own.
struct FlipbookEdit {
    FlipbookTarget target;
    FlipbookKey key = FlipbookKey::DelayPerUnit;
    double value = 0;

    bool operator==(const FlipbookEdit&) const = default;
};

/// Edits the timing of the animations in an AnimationCache plist (formats 1 and 2) and writes
/// it back changing nothing else: an edited value's element is replaced (`<real>`, `<integer>`,
/// `<true/>` / `<false/>`), a key the animation lacks is added first in its dictionary, with
/// the file's own indentation, and every other byte stays. The model is what
/// readAnimationCachePlist makes of bytes(), so the preview and cocos2d-x read the same text.
class FlipbookEditor {
public:
    /// Opens `bytes`, an AnimationCache plist the reader accepts.
    static Result<FlipbookEditor> open(std::string bytes, const std::string& fileName);

    /// Why this plist's format has no `key` (format 1 has only the delay); none when it has.
    std::optional<std::string> refuseKey(FlipbookKey key) const;
    /// The value of `key` at `target` in the edited plist.
    Result<double> value(const FlipbookTarget& target, FlipbookKey key) const;
    /// Sets `key` at `target`. Refused (nothing changes) when the target does not exist, the
    /// format has no such value, or the reader would refuse the edited plist (a value out of its
    /// range); the error's message says which and why.
    std::optional<LoadError> set(const FlipbookTarget& target, FlipbookKey key, double value);

    /// True when the bytes differ from the file's.
    bool modified() const { return m_bytes != m_original; }
    const std::string& originalBytes() const { return m_original; }
    /// The values that differ from the file's, in the order they were first set: set() again
    /// on the file's bytes, they give the same model.
    const std::vector<FlipbookEdit>& edits() const { return m_edits; }
    /// The plist with every edit applied.
    const std::string& bytes() const { return m_bytes; }
    /// The reader's model of bytes(); it holds no atlases.
    const FlipbookSet& model() const { return m_model; }

private:
    FlipbookEditor() = default;
    LoadError error(const std::string& message) const;

    std::string m_fileName;
    std::string m_original;
    std::string m_bytes;
    int m_format = 1; ///< the plist's, 1 or 2
    FlipbookSet m_model;
    FlipbookSet m_originalModel; ///< the file's, which edits() compares with
    std::vector<FlipbookEdit> m_edits;
};

} // namespace bonescope::core
