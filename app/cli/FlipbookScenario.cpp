#include "cli/FlipbookScenario.h"

#include "bake/WorkLimits.h"

namespace bonescope::cli {

std::string flipbookScenarioProblem(const core::LoadedExport& loaded,
                                    const core::BlendScenario& scenario)
{
    if (loaded.kind != core::ExportKind::Flipbook)
        return "flipbook scenarios need an AnimationCache plist";
    const core::FlipbookData* found = loaded.flipbooks.findAnimation(scenario.flipbook);
    if (!found) {
        std::string names;
        for (const auto& animation : loaded.flipbooks.animations)
            names += (names.empty() ? "\"" : ", \"") + animation.name + "\"";
        return "no animation \"" + scenario.flipbook +
               "\"; the animations are: " + (names.empty() ? "none" : names);
    }
    return core::flipbookLimitProblem(*found, scenario.text);
}

} // namespace bonescope::cli
