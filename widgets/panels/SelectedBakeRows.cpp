#include "panels/SelectedBakeRows.h"

#include "panels/AbstractDocument.h"

#include <set>

namespace bonescope::widgets {

namespace {
/// The rows of `bones` in the bake `bake()` gives, baked only when some bone is named.
template <typename Bake>
std::vector<core::BakeRow> rowsOf(const AbstractDocument& document, const QList<int>& bones,
                                  QString* error, Bake bake)
{
    std::vector<core::BakeRow> rows;
    const core::ArmatureData* armature = document.armature();
    std::set<std::string> names;
    if (armature)
        for (int bone : bones)
            if (bone >= 0 && bone < int(armature->bones.size()))
                names.insert(armature->bones[size_t(bone)].name);
    if (names.empty())
        return rows;
    const core::Result<core::BakeResult> baked = bake();
    if (!baked) {
        if (error)
            *error = QString::fromStdString(baked.error().message);
        return rows;
    }
    for (core::BakeRow& row : core::toBakeTable(baked.value()).rows)
        if (names.contains(row.bone))
            rows.push_back(std::move(row));
    return rows;
}
} // namespace

std::vector<core::BakeRow> selectedBakeRows(const AbstractDocument& document, int movement,
                                            const QList<int>& bones, QString* error)
{
    if (movement < 0)
        return {};
    return rowsOf(document, bones, error, [&] { return document.bakeMovement(movement); });
}

std::vector<core::BakeRow> selectedRecordedRows(AbstractDocument& document, const QList<int>& bones,
                                                QString* error)
{
    return rowsOf(document, bones, error, [&] { return document.recorder()->bakeRecording(); });
}

} // namespace bonescope::widgets
