#include "panels/SelectedBakeRows.h"

#include "panels/AbstractDocument.h"

#include <set>

namespace bonescope::widgets {

std::vector<core::BakeRow> selectedBakeRows(const AbstractDocument& document, int movement,
                                            const QList<int>& bones, QString* error)
{
    std::vector<core::BakeRow> rows;
    const core::ArmatureData* armature = document.armature();
    std::set<std::string> names;
    if (armature)
        for (int bone : bones)
            if (bone >= 0 && bone < int(armature->bones.size()))
                names.insert(armature->bones[size_t(bone)].name);
    if (names.empty() || movement < 0)
        return rows;
    const auto bake = document.bakeMovement(movement);
    if (!bake) {
        if (error)
            *error = QString::fromStdString(bake.error().message);
        return rows;
    }
    for (core::BakeRow& row : core::toBakeTable(bake.value()).rows)
        if (names.contains(row.bone))
            rows.push_back(std::move(row));
    return rows;
}

} // namespace bonescope::widgets
