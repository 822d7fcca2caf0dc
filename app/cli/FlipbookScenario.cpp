#include "cli/FlipbookScenario.h"

#include "bake/WorkLimits.h"
#include "base/Limits.h"
#include "model/FlipbookTiming.h"

#include <QString>

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
    const std::int64_t updates = core::flipbookUpdateCount(*found);
    if (updates < 0)
        return scenario.text + " plays " +
               QString::number(core::flipbookSeconds(*found)).toStdString() +
               " seconds (delay units × delayPerUnit × loops); the limit is " +
               std::to_string(static_cast<int>(core::kMaxBakeSeconds)) + " seconds";
    return core::bakeLimitProblem(scenario.text, updates, 1);
}

} // namespace bonescope::cli
