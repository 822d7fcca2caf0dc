#pragma once

#include "ArmatureSkins.h"
#include "ArmatureView.h"
#include "ViewOptions.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bonescope::render {
class TextureCache;
}

namespace bonescope::app {

class Document;

/// Turns a Document's current pose into the viewport's render::Scene: the armature's skins
/// (resolved once per file, textures shared through one cache), the bones the user hid taken
/// out, and onion-skin ghosts sampled around the current frame.
class DocumentScene {
public:
    DocumentScene();
    ~DocumentScene();

    /// Resolves the skins of the document's armature again (a file was opened or reloaded);
    /// images already cached are re-read, since a reload means they may have changed.
    void rebuild(const Document& document);

    /// The scene of the current tick; pointers into this object stay valid until the next call.
    const render::Scene& scene(const Document& document, const render::ViewOptions& options);

private:
    const core::Pose& visible(const Document& document, const core::Pose& pose, core::Pose& out);
    /// Fills m_nested for the bones that show an armature this tick; empty span when none.
    std::span<const render::ArmatureView* const> nestedViews(const Document& document);

    std::shared_ptr<render::TextureCache> m_textures;
    std::optional<render::ArmatureSkins> m_skins;
    std::map<std::string, render::ArmatureSkins> m_nestedSkins; ///< by armature name
    std::vector<render::ArmatureView> m_nestedViews;            ///< per bone
    std::vector<const render::ArmatureView*> m_nested;          ///< per bone, null = none
    core::Pose m_current;
    std::vector<core::Pose> m_ghostPoses;
    render::Scene m_scene;
};

} // namespace bonescope::app
