// libFuzzer entry point for blend scripts: a script the reader accepts must run on an armature
// without a crash, a hang or a sanitizer report, or be refused with its reason. The input is the
// script's JSON; it runs on the corpus Dragon (four movements) as `bonescope-cli bake --script`
// does, within the same work limits, and for at most kUpdates updates so that each input stays
// quick. Built like fuzz_readers (see fuzz_readers.cpp), target fuzz_script; seed with
// tests/data/blend/dragon_script.json and scripts the viewer's recorder wrote.

#include "bake/WorkLimits.h"
#include "io/ExportLoader.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptBake.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace bonescope::core;

namespace {

constexpr int kUpdates = 600;

const SkeletonData& dragon()
{
    static const SkeletonData skeleton = [] {
        auto result = readSkeletonFile(std::string(BONESCOPE_TEST_DATA) + "/corpus/Dragon.xml");
        if (!result)
            std::abort();
        return std::move(result.value());
    }();
    return skeleton;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto script = parseBlendScript(text, "fuzz.json");
    if (!script || script.value().updates > kUpdates)
        return 0;
    if (!scriptLimitProblem(dragon(), script.value(), "fuzz.json").empty())
        return 0;
    const auto baked = bakeScript(dragon(), script.value());
    if (!baked && baked.error().message.empty())
        __builtin_trap(); // a refusal says why
    return 0;
}
