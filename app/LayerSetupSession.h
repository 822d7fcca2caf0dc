#pragma once

#include "panels/AbstractLayers.h"

#include "base/LoadError.h"
#include "model/LayerSetup.h"
#include "runtime/Pose.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bonescope::core {
class LayerSetupPlayback;
} // namespace bonescope::core

namespace bonescope::app {

class Document;

/// The layer setup being edited (undoable) and its live playback: core::LayerSetupPlayback
/// when the setup has layers and resolves against the document's armature, otherwise why not.
/// Times are seconds of the stack's own clock.
class LayerSetupSession : public widgets::AbstractLayers {
    Q_OBJECT
public:
    explicit LayerSetupSession(Document& document);
    ~LayerSetupSession() override;

    const core::LayerSetup& layerSetup() const override { return m_setup; }
    QString layerSetupError() const override;
    std::vector<float> layerWeightSums() const override;
    std::vector<core::BoneContribution> boneTrace() const override;
    /// While a layered script is recorded, a weight set in the dock is also a `layer` call.
    void setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey = {}) override;

    /// Applied by ChangeLayerSetup (swap style): the new setup shows the moment the old one
    /// showed.
    void applyLayerSetup(const core::LayerSetup& setup);
    /// The movements were read again (an edit of their values): the setup plays them from the
    /// moment shown. Unannounced.
    void replayEditedMovements();
    /// Applies the layer setup saved in the sidecar of `exportPath` (a new document's). Not
    /// undoable, and unannounced: views still showing the previous export must not be asked to
    /// redraw before the document announces the new one. A setup the armature cannot play is
    /// reported placed in the sidecar (file, pointer, line): savedSetupProblem().
    void openSaved(const core::LayerSetup& setup, const QString& exportPath);
    /// The setup in place was just saved in the sidecar of `exportPath`: it is the sidecar's
    /// setup from now on, and a setup that does not play is reported placed in the file as
    /// written (its line may have moved). Announced by savedSetupProblemChanged.
    void markSaved(const QString& exportPath);
    /// Why the setup saved in the sidecar does not play, while it is the setup in place: once
    /// the user repairs it in the dock the problem is gone (undo brings it back, until the
    /// repaired setup is saved: the sidecar then no longer holds the broken one). The Problems
    /// panel lists it beside the export's warnings.
    std::optional<core::LoadError> savedSetupProblem() const;
    /// No setup, unannounced (the data it borrowed is going away).
    void clear();

    /// False when there is nothing to play: no layers, no armature, or an error.
    bool isLive() const override { return m_playback != nullptr; }
    // Only while isLive():
    void update(double seconds);
    void seek(double seconds);
    const core::Pose& pose() const;

signals:
    /// markSaved changed what savedSetupProblem() says (or where it places it).
    void savedSetupProblemChanged();

private:
    /// Plays `setup` from the moment shown; errors name `fileName`. Returns the error, if any.
    std::optional<core::LoadError> play(const core::LayerSetup& setup, const std::string& fileName);

    Document& m_document;
    core::LayerSetup m_setup;
    std::unique_ptr<core::LayerSetupPlayback> m_playback;
    QString m_error;
    core::LayerSetup m_saved; ///< the sidecar's setup, as opened or last saved
    std::optional<core::LoadError> m_savedProblem;
};

} // namespace bonescope::app
