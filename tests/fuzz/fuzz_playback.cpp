// libFuzzer entry point for playing what the readers accept: a file the readers take must play
// without a crash, a hang or a sanitizer report, whatever its values and whatever a user does
// with it. Input: the first byte picks the format (DragonBones XML or CocoStudio JSON), the next
// kActions bytes are the user's actions, the rest is the file. Each armature of the file (the
// first kArmatures) is played through the actions by the stateful player (play, list, goto,
// pause, resume, speed, stop, checkpoint), its pose checked after every action against a full
// hierarchy pass, then sampled at random access. Built like
// fuzz_readers (see fuzz_readers.cpp), target fuzz_playback; seed with a selector byte, sixteen
// action bytes and a corpus file, e.g.
// `{ printf '\0'; head -c 16 /dev/urandom; cat tests/data/corpus/robot.xml; } > seed/robot`.

#include "../core/StalePose.h"
#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"
#include "runtime/MovementSampler.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace bonescope::core;

namespace {

constexpr std::size_t kActions = 16;
constexpr std::size_t kArmatures = 4;
constexpr float kStep = 1.f / 60;

void act(Armature& armature, std::uint8_t action)
{
    Player& player = armature.animation();
    const int movements = static_cast<int>(armature.rig().movements().size());
    const int argument = action >> 3;
    switch (action & 7) {
    case 0:
        if (movements > 0)
            player.playByIndex(argument % movements, argument % 13 - 1, argument % 3 - 1);
        break;
    case 1:
        for (int k = 0; k < 2 * argument; ++k)
            armature.update(kStep);
        break;
    case 2:
        player.gotoAndPlay(argument);
        break;
    case 3:
        player.gotoAndPause(argument);
        break;
    case 4:
        if (player.isPaused())
            player.resume();
        else
            player.pause();
        break;
    case 5:
        player.setSpeedScale(static_cast<float>(argument) / 8);
        break;
    case 6: {
        std::vector<std::string> names;
        for (const MovementData& movement : armature.rig().movements())
            names.push_back(movement.name);
        player.playWithNames(names, argument % 7 - 1, argument % 2 == 0);
        break;
    }
    default:
        player.stop();
        break;
    }
    armature.update(kStep);
    armature.update(kStep * static_cast<float>(argument % 5)); // a stalled or zero step too
    // The armature composes only the bones that moved: its pose must stay the full pass's.
    if (!testing::stalePose(armature).empty())
        __builtin_trap();
}

void play(const SkeletonData& skeleton, std::string_view actions)
{
    std::size_t played = 0;
    for (const ArmatureData& data : skeleton.armatures) {
        if (played++ == kArmatures)
            break;
        const auto rig = ArmatureRig::create(skeleton, data.name);
        if (!rig)
            continue;
        Armature armature(rig);
        for (const char action : actions)
            act(armature, static_cast<std::uint8_t>(action));
        Armature checkpoint(rig);
        checkpoint.copyStateFrom(armature);
        checkpoint.update(kStep);

        Pose pose(rig->bones().size());
        for (int movement = 0; movement < static_cast<int>(rig->movements().size()); ++movement)
            for (const float frame : {0.f, 2.5f, 1e4f}) {
                sampleMovement(*rig, movement, frame, pose);
                updateWorldTransforms(*rig, pose);
            }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size <= 1 + kActions)
        return 0;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::string fileName = data[0] % 2 == 0 ? "fuzz.xml" : "fuzz.ExportJson";
    const auto skeleton = readSkeleton(bytes.substr(1 + kActions), fileName);
    if (skeleton)
        play(skeleton.value(), bytes.substr(1, kActions));
    return 0;
}
