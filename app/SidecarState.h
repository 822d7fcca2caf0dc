#pragma once

#include "base/LoadError.h"
#include "model/LayerSetup.h"
#include "model/Sidecar.h"
#include "script/BlendScript.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace bonescope::app {

/// An export's sidecar (FILE.bonescope.json beside it) as read or last saved: what the
/// document's transition table, layer setup and recording are compared with (modified or not)
/// and what a save writes them into, keeping whatever else the file holds.
class SidecarState {
public:
    /// Reads the sidecar beside `exportPath` when there is one. An unreadable one is added to
    /// `warnings` and is never overwritten (the user may still want to repair it).
    void load(const QString& exportPath, std::vector<core::LoadError>& warnings);
    /// Forgets what was read: no sidecar.
    void clear() { *this = SidecarState{}; }

    const core::Sidecar& saved() const { return m_sidecar; }

    /// The first script saved for `armature` (one naming no armature fits any), which becomes
    /// the saved script the recording is compared with; scripts that do not parse are added to
    /// `warnings`. Nullopt when there is none.
    std::optional<core::BlendScript> takeScript(const QString& exportPath,
                                                const std::string& armature,
                                                std::vector<core::LoadError>& warnings);
    /// A problem of a script takeScript returned or refused, whose file is the sidecar's name
    /// with the script's pointer after a `#` (the script is parsed from a copy of its JSON):
    /// moved into the sidecar file itself, file, pointer and line.
    static void placeScriptProblem(core::LoadError& problem);
    /// True when `recording` differs from the saved script (false without a recording).
    bool isUnsaved(const core::BlendScript* recording) const;

    /// Writes the sidecar beside `exportPath`: the one read with `transitions`, `layers` (none
    /// when it has no layers) and `recording` (replacing the saved script, when not null). No
    /// file is written when none exists and there is nothing to keep. On failure `error` says
    /// why and the state stays.
    bool write(const QString& exportPath, const core::TransitionTable& transitions,
               const core::LayerSetup& layers, const core::BlendScript* recording, QString* error);

private:
    core::Sidecar m_sidecar;
    bool m_unreadable = false;
    /// The script in m_sidecar.scripts the recording is saved as (−1: none) and what it holds.
    int m_scriptIndex = -1;
    std::optional<core::BlendScript> m_savedScript;
};

} // namespace bonescope::app
