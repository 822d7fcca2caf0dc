// libFuzzer entry point for the flipbook editor (`bonescope-cli edit` on an AnimationCache
// plist): a plist the editor opens, edited with values it accepts, must come out as a plist the
// reader still accepts, reading back every value as it was set; a refusal must say why and
// change nothing. Nothing may crash, hang or trip a sanitizer. Built like fuzz_readers (see
// fuzz_readers.cpp), target fuzz_flipbook_editor. The first two bytes pick the values and the
// frame; the rest is the file. Seed with corpus/flipbook plists behind two such bytes.

#include "edit/FlipbookEditor.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using namespace bonescope::core;

namespace {

struct Edit {
    FlipbookTarget target;
    FlipbookKey key;
    double value;
};

/// Every key on the first animations, with values picked by `seed`: some out of the reader's
/// range (0 loops, a zero or hour-long delay), which must be refused.
std::vector<Edit> plannedEdits(const FlipbookSet& set, unsigned seed)
{
    std::vector<Edit> edits;
    for (size_t a = 0; a < set.animations.size() && a < 3; ++a) {
        const FlipbookData& animation = set.animations[a];
        const FlipbookTarget target{animation.name, -1};
        edits.push_back({target, FlipbookKey::DelayPerUnit, 0.01 * double(seed % 500)});
        edits.push_back({target, FlipbookKey::Loops, double(seed % 7)});
        edits.push_back({target, FlipbookKey::RestoreOriginalFrame, double(seed & 1)});
        // A frame past the last must be refused.
        const int frame = int(seed / 5 % (animation.frames.size() + 1));
        edits.push_back({{animation.name, frame}, FlipbookKey::DelayUnits, 0.5 * double(seed % 9)});
    }
    return edits;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 2)
        return 0;
    const unsigned seed = data[0] + 256u * data[1];
    auto opened = FlipbookEditor::open(
        std::string(reinterpret_cast<const char*>(data) + 2, size - 2), "fuzz.plist");
    if (!opened) {
        if (opened.error().message.empty())
            __builtin_trap(); // a refusal says why
        return 0;
    }
    FlipbookEditor& editor = opened.value();
    std::vector<Edit> accepted;
    for (const Edit& edit : plannedEdits(editor.model(), seed)) {
        const std::string bytesBefore = editor.bytes();
        if (const auto refused = editor.set(edit.target, edit.key, edit.value)) {
            if (refused->message.empty() || editor.bytes() != bytesBefore)
                __builtin_trap();
            continue;
        }
        accepted.push_back(edit);
    }

    // The edited plist: the reader accepts it, and each value reads back as last set.
    auto reopened = FlipbookEditor::open(editor.bytes(), "fuzz.plist");
    if (!reopened)
        __builtin_trap();
    for (size_t i = 0; i < accepted.size(); ++i) {
        bool overwritten = false; // a later edit of the same value
        for (size_t j = i + 1; j < accepted.size(); ++j)
            overwritten |= accepted[j].key == accepted[i].key &&
                           accepted[j].target.animation == accepted[i].target.animation &&
                           accepted[j].target.frame == accepted[i].target.frame;
        const auto value = reopened.value().value(accepted[i].target, accepted[i].key);
        if (!overwritten && (!value || value.value() != double(float(accepted[i].value))))
            __builtin_trap();
    }
    return 0;
}
