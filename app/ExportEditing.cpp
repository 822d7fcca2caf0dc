#include "ExportEditing.h"

#include "Document.h"
#include "cli/SaveBytes.h"
#include "commands/ChangeFlipbookTiming.h"
#include "commands/ChangeParameter.h"
#include "commands/ChangeTransitionTable.h"

#include "io/FileBytes.h"
#include "runtime/BoneTimeline.h"
#include "script/BlendScriptWriter.h"

#include <QFileInfo>
#include <QObject>

namespace bonescope::app {

ExportEditing::ExportEditing(Document& document) : m_document(document)
{
}

void ExportEditing::open(const QString& path, core::LoadedExport& loaded)
{
    m_editor.reset();
    m_flipbookEditor.reset();
    m_sidecar.clear();
    // An AnimationCache plist keeps its bytes (an image sequence, grid or sprite sheet has no
    // timing of its own to write back).
    if (loaded.kind == core::ExportKind::Flipbook && !loaded.bytes.empty())
        if (auto editor =
                core::FlipbookEditor::open(loaded.bytes, QFileInfo(path).fileName().toStdString()))
            m_flipbookEditor.emplace(std::move(editor.value()));
    if (loaded.kind == core::ExportKind::Armature) {
        // The bytes and the model on show, as the loader read them: one read, one parse.
        auto editor = core::ExportEditor::open(
            loaded.bytes, QFileInfo(path).fileName().toStdString(), loaded.skeleton);
        if (editor)
            m_editor.emplace(std::move(editor.value()));
        m_sidecar.load(path, loaded.warnings);
    }
    m_transitions = m_sidecar.saved().transitions;
}

std::optional<core::EditValue> ExportEditing::parameter(const core::EditTarget& target,
                                                        core::EditKey key) const
{
    if (!m_editor)
        return std::nullopt;
    auto value = m_editor->value(target, key);
    return value ? std::optional<core::EditValue>(std::move(value.value())) : std::nullopt;
}

QString ExportEditing::refuseParameter(core::EditKey key, const core::EditValue& value) const
{
    if (!m_editor)
        return QObject::tr("This file cannot be edited");
    const auto reason = core::refuseEditValue(key, value, m_editor->format());
    return reason ? QString::fromStdString(*reason) : QString();
}

core::EditTarget ExportEditing::movementTarget(int movement) const
{
    const core::MovementData* data = m_document.movementData(movement);
    if (!data || !m_document.armature())
        return {};
    return core::EditTarget{m_document.armature()->name, data->name, {}, -1};
}

int ExportEditing::keyframeAt(int movement, int bone, double frame) const
{
    const core::MovementData* data = m_document.movementData(movement);
    const core::ArmatureData* shown = m_document.armature();
    if (!data || !shown || bone < 0 || bone >= int(shown->bones.size()))
        return -1;
    const core::MovementBoneData* timeline = data->findBone(shown->bones[size_t(bone)].name);
    if (!timeline || timeline->frames.empty())
        return -1;
    int index = core::keyFrameShownAt(*data, *timeline, frame, m_document.effectiveLoop(movement));
    // The readers append a copy of the last keyframe that the file does not hold.
    core::EditTarget target = movementTarget(movement);
    target.bone = timeline->name;
    target.keyframe = index;
    if (index > 0 && !parameter(target, core::EditKey::FrameEvent))
        --index;
    return index;
}

QString ExportEditing::setParameter(const core::EditTarget& target, core::EditKey key,
                                    const core::EditValue& value, int mergeSession)
{
    if (!m_editor)
        return QObject::tr("This file cannot be edited");
    if (parameter(target, key) == value)
        return {};
    if (const auto refusal = m_editor->refuse(target, key, value))
        return QString::fromStdString(refusal->message);
    m_document.undoStack()->push(
        new ChangeParameter(&m_document, target, key, value, mergeSession));
    return {};
}

QString ExportEditing::flipbookKeyRefusal(core::FlipbookKey key) const
{
    if (!m_flipbookEditor)
        return QObject::tr("Only an AnimationCache plist's timing can be edited; an image "
                           "sequence, a grid or a sprite sheet plays at Bonescope's own delay");
    const auto refusal = m_flipbookEditor->refuseKey(key);
    return refusal ? QString::fromStdString(*refusal) : QString();
}

std::optional<double> ExportEditing::flipbookValue(const core::FlipbookTarget& target,
                                                   core::FlipbookKey key) const
{
    if (!m_flipbookEditor)
        return std::nullopt;
    auto value = m_flipbookEditor->value(target, key);
    return value ? std::optional<double>(value.value()) : std::nullopt;
}

QString ExportEditing::setFlipbookValue(const core::FlipbookTarget& target, core::FlipbookKey key,
                                        double value, int mergeSession)
{
    if (const QString refusal = flipbookKeyRefusal(key); !refusal.isEmpty())
        return refusal;
    if (flipbookValue(target, key) == double(float(value)))
        return {};
    // Tried on a copy first: a refused value leaves nothing on the undo stack.
    core::FlipbookEditor trial = *m_flipbookEditor;
    if (const auto refusal = trial.set(target, key, value))
        return QString::fromStdString(refusal->message);
    m_document.undoStack()->push(
        new ChangeFlipbookTiming(&m_document, target, key, value, mergeSession));
    return {};
}

std::optional<core::FlipbookSet> ExportEditing::setFlipbook(const core::FlipbookTarget& target,
                                                            core::FlipbookKey key, double value)
{
    if (!m_flipbookEditor || m_flipbookEditor->set(target, key, value))
        return std::nullopt;
    return m_flipbookEditor->model();
}

void ExportEditing::setTransitionTable(const core::TransitionTable& table)
{
    if (table != m_transitions)
        m_document.undoStack()->push(new ChangeTransitionTable(this, table));
}

void ExportEditing::applyTransitionTable(const core::TransitionTable& table)
{
    m_transitions = table;
    emit transitionTableChanged();
}

std::optional<core::SkeletonData>
ExportEditing::set(const core::EditTarget& target, core::EditKey key, const core::EditValue& value)
{
    if (!m_editor || m_editor->set(target, key, value))
        return std::nullopt;
    return m_editor->model();
}

bool ExportEditing::isModified(const core::LayerSetup& layers,
                               const core::BlendScript* recording) const
{
    const core::Sidecar& saved = m_sidecar.saved();
    return (m_editor && m_editor->modified()) ||
           (m_flipbookEditor && m_flipbookEditor->modified()) ||
           m_transitions != saved.transitions ||
           layers != saved.layers.value_or(core::LayerSetup{}) || m_sidecar.isUnsaved(recording);
}

const std::string* ExportEditing::originalBytes() const
{
    return m_editor           ? &m_editor->originalBytes()
           : m_flipbookEditor ? &m_flipbookEditor->originalBytes()
                              : nullptr;
}

bool ExportEditing::matchesBase(const core::EditRecovery& recovery) const
{
    const std::string* base = originalBytes();
    return base && base->size() == recovery.baseSize &&
           core::contentDigest(*base) == recovery.baseDigest;
}

core::EditRecovery ExportEditing::unsavedEdits(const core::LayerSetup& layers,
                                               const core::BlendScript* recording) const
{
    core::EditRecovery recovery;
    if (const std::string* base = originalBytes()) {
        recovery.baseDigest = core::contentDigest(*base);
        recovery.baseSize = base->size();
    }
    if (m_editor)
        recovery.edits = m_editor->edits();
    if (m_flipbookEditor)
        recovery.flipbookEdits = m_flipbookEditor->edits();
    recovery.sidecar.transitions = m_transitions;
    if (!layers.layers.empty())
        recovery.sidecar.layers = layers;
    if (m_sidecar.isUnsaved(recording))
        recovery.sidecar.scripts.push_back(core::blendScriptJson(*recording));
    return recovery;
}

bool ExportEditing::write(const QString& path, const core::LayerSetup& layers,
                          const core::BlendScript* recording, QString* error)
{
    if (!m_editor && !m_flipbookEditor) {
        if (error)
            *error = QObject::tr("This file cannot be edited, so there is nothing to save");
        return false;
    }
    const std::string bytes = m_editor ? m_editor->bytes() : m_flipbookEditor->bytes();
    QString reason;
    if (!cli::saveBytes(path, bytes, &reason)) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    if (m_flipbookEditor) { // a plist has no sidecar: its timing is all there is to save
        auto saved = core::FlipbookEditor::open(bytes, QFileInfo(path).fileName().toStdString());
        if (saved)
            m_flipbookEditor.emplace(std::move(saved.value()));
        return true;
    }
    // The saved bytes are the new baseline: nothing differs from the file any more.
    auto saved = core::ExportEditor::open(bytes, QFileInfo(path).fileName().toStdString(),
                                          m_editor->model());
    if (saved)
        m_editor.emplace(std::move(saved.value()));
    return m_sidecar.write(path, m_transitions, layers, recording, error);
}

bool ExportEditing::isOnDisk(const QString& path) const
{
    const std::string* base = originalBytes();
    if (!base)
        return false;
    const auto bytes = core::readFileBytes(path.toStdString());
    return bytes && bytes.value() == *base;
}

} // namespace bonescope::app
