#include "UnsavedEdits.h"

#include "Document.h"
#include "commands/ChangeBlendScript.h"

#include "script/BlendScriptReader.h"
#include "script/ScriptRunner.h"

#include <QCoreApplication>

namespace bonescope::app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("UnsavedEdits", text);
}

/// "walk durationTo 12" or "walk head keyframe 2 event \"hit\"".
QString describe(const core::ExportEdit& edit)
{
    QString where = QString::fromStdString(edit.target.movement);
    if (core::isKeyframeKey(edit.key))
        where += tr(" %1 keyframe %2")
                     .arg(QString::fromStdString(edit.target.bone))
                     .arg(edit.target.keyframe);
    return QStringLiteral("%1 %2 %3")
        .arg(where, QString::fromStdString(std::string(core::editKeyName(edit.key))),
             QString::fromStdString(core::describeEditValue(edit.value)));
}

QString describe(const core::FlipbookEdit& edit)
{
    QString where = QString::fromStdString(edit.target.animation);
    if (edit.key == core::FlipbookKey::DelayUnits)
        where += tr(" frame %1").arg(edit.target.frame);
    return QStringLiteral("%1 %2 %3")
        .arg(where, QString::fromStdString(std::string(core::flipbookKeyName(edit.key))))
        .arg(edit.value);
}

core::LayerSetup recoveredLayers(const core::EditRecovery& recovery)
{
    return recovery.sidecar.layers.value_or(core::LayerSetup{});
}

/// The recording the recovery holds, parsed; nullopt when it holds none, with `problem` set
/// when the script does not parse.
std::optional<core::BlendScript> recoveredScript(const core::EditRecovery& recovery,
                                                 QString* problem)
{
    if (recovery.sidecar.scripts.empty())
        return std::nullopt;
    auto script = core::parseBlendScript(recovery.sidecar.scripts.front(), "recovery");
    if (!script) {
        *problem = QString::fromStdString(script.error().message);
        return std::nullopt;
    }
    return std::move(script.value());
}

} // namespace

QStringList describeUnsavedEdits(Document& document, const core::EditRecovery& recovery)
{
    QStringList lines;
    QStringList values;
    for (const core::ExportEdit& edit : recovery.edits)
        values << describe(edit);
    for (const core::FlipbookEdit& edit : recovery.flipbookEdits)
        values << describe(edit);
    constexpr qsizetype kListed = 5;
    if (!values.isEmpty()) {
        const qsizetype count = values.size();
        if (count > kListed) {
            values.resize(kListed);
            values << tr("…");
        }
        lines << (count == 1 ? tr("1 value: %1") : tr("%1 values: %2").arg(count))
                     .arg(values.join(QStringLiteral(", ")));
    }
    if (recovery.sidecar.transitions != document.editing()->transitionTable())
        lines << tr("the transition table");
    if (recoveredLayers(recovery) != document.layers()->layerSetup())
        lines << tr("the layer setup");
    if (!recovery.sidecar.scripts.empty())
        lines << tr("the recorded blend script");
    return lines;
}

QStringList restoreUnsavedEdits(Document& document, const core::EditRecovery& recovery)
{
    QStringList refused;
    const auto refuse = [&](const QString& what, const QString& why) {
        if (!why.isEmpty())
            refused << QStringLiteral("%1: %2").arg(what, why);
    };
    ExportEditing& editing = *document.editing();
    QUndoStack& undoStack = *document.undoStack();
    undoStack.beginMacro(tr("Restore Unsaved Edits"));
    for (const core::ExportEdit& edit : recovery.edits)
        refuse(describe(edit), editing.setParameter(edit.target, edit.key, edit.value));
    for (const core::FlipbookEdit& edit : recovery.flipbookEdits)
        refuse(describe(edit), editing.setFlipbookValue(edit.target, edit.key, edit.value));
    editing.setTransitionTable(recovery.sidecar.transitions);
    if (const core::LayerSetup layers = recoveredLayers(recovery);
        layers != document.layers()->layerSetup())
        document.layers()->setLayerSetup(layers);
    QString problem;
    if (auto script = recoveredScript(recovery, &problem)) {
        if (!document.loaded() || !core::ScriptRunner::create(document.loaded()->skeleton, *script))
            problem = tr("the armature cannot play it");
        else
            undoStack.push(new ChangeBlendScript(document.recorder(), std::move(*script),
                                                 tr("Restore Recording")));
    }
    refuse(tr("the recorded blend script"), problem);
    undoStack.endMacro();
    return refused;
}

} // namespace bonescope::app
