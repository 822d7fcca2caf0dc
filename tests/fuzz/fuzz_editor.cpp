// libFuzzer entry point for the export editor (`bonescope-cli edit`, the Properties panel): an
// export the editor opens, edited with values it accepts, must come out as an export the readers
// still accept, reading back every value as it was set; set back to the file's values, it must
// give the file's own bytes again; a refusal must say why. Nothing may crash, hang or trip a
// sanitizer. Built like fuzz_readers (see fuzz_readers.cpp), target fuzz_editor. The first byte
// picks the format (even: DragonBones XML, odd: ExportJson) and, with the second, the keyframe
// and the values; the third byte's worth of bytes after them is the event name set on a
// keyframe (any bytes: quotes, '<', '&', control characters and invalid UTF-8 included); the
// rest is the file. Seed with corpus and tests/data files behind three such bytes.

#include "edit/ExportEditor.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace bonescope::core;

namespace {

struct Edit {
    EditTarget target;
    EditKey key;
    EditValue value;
};

/// The edits to try: every movement key on the first movements, and the keyframe keys on one
/// keyframe of one timeline of each, with the keyframe and the values picked by `seed` (an
/// index past the file's keyframes, the reader's closing copy, must be refused).
std::vector<Edit> plannedEdits(const SkeletonData& skeleton, unsigned seed,
                               const std::string& event)
{
    std::vector<Edit> edits;
    for (const AnimationData& animation : skeleton.animations) {
        for (size_t m = 0; m < animation.movements.size() && m < 3; ++m) {
            const MovementData& movement = animation.movements[m];
            const EditTarget target{animation.name, movement.name, {}, -1};
            edits.push_back({target, EditKey::DurationTo, int(seed % 61)});
            edits.push_back({target, EditKey::DurationTween, int(seed % 97)});
            edits.push_back({target, EditKey::Loop, (seed & 1) != 0});
            edits.push_back({target, EditKey::TweenEasing, Easing(int(seed % 30) - 1)});
            edits.push_back({target, EditKey::Scale, 0.25 * double(seed % 9)});
            if (movement.bones.empty())
                continue;
            const MovementBoneData& timeline = movement.bones[seed % movement.bones.size()];
            if (timeline.frames.empty())
                continue;
            const int index = int(seed / 7 % timeline.frames.size());
            const EditTarget keyframe{animation.name, movement.name, timeline.name, index};
            edits.push_back({keyframe, EditKey::FrameTweenEasing, Easing(int(seed % 7) * 3)});
            edits.push_back({keyframe, EditKey::FrameTweenRotate, double(seed % 5) - 2});
            edits.push_back({keyframe, EditKey::FrameEvent, event});
        }
    }
    return edits;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 3)
        return 0;
    const std::string fileName = data[0] % 2 == 0 ? "fuzz.xml" : "fuzz.ExportJson";
    const unsigned seed = data[0] / 2u + 128u * data[1];
    const size_t eventLength = std::min<size_t>(data[2] % 16, size - 3);
    const std::string event(reinterpret_cast<const char*>(data) + 3, eventLength);
    std::string bytes(reinterpret_cast<const char*>(data) + 3 + eventLength,
                      size - 3 - eventLength);

    auto opened = ExportEditor::open(std::move(bytes), fileName);
    if (!opened) {
        if (opened.error().message.empty())
            __builtin_trap(); // a refusal says why
        return 0;
    }
    ExportEditor& editor = opened.value();
    // open() reads the bytes with the readers: an editor always has their model.
    const SkeletonData& model = editor.model();
    std::vector<Edit> accepted;
    std::vector<EditValue> before; ///< per accepted edit, the value the file gave
    for (Edit& edit : plannedEdits(model, seed, event)) {
        const auto original = editor.value(edit.target, edit.key);
        if (const auto refused = editor.set(edit.target, edit.key, edit.value)) {
            if (refused->message.empty())
                __builtin_trap();
            continue;
        }
        if (!original)
            __builtin_trap(); // set() took a target value() does not know
        before.push_back(original.value());
        accepted.push_back(std::move(edit));
    }

    // The edited file: the readers accept it, and each value reads back as set.
    auto reopened = ExportEditor::open(editor.bytes(), fileName);
    if (!reopened)
        __builtin_trap();
    for (const Edit& edit : accepted) {
        const auto value = reopened.value().value(edit.target, edit.key);
        if (!value || value.value() != edit.value)
            __builtin_trap();
    }

    // Every value set back to the file's, in reverse order: the file's own bytes again.
    for (size_t i = accepted.size(); i-- > 0;)
        if (editor.set(accepted[i].target, accepted[i].key, before[i]))
            __builtin_trap();
    if (editor.modified() || editor.bytes() != editor.originalBytes())
        __builtin_trap();
    return 0;
}
