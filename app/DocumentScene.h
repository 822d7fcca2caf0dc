#pragma once

#include "ArmatureTreeView.h"
#include "ArmatureView.h"
#include "ViewOptions.h"

#include <memory>
#include <optional>
#include <vector>

namespace bonescope::render {
class TextureCache;
}

namespace bonescope::app {

class Document;

/// Turns a Document's current pose into the viewport's render::Scene: the skins of every
/// armature of the export (render::ArmatureTreeView, resolved once per file, textures shared
/// through one cache), the bones the user hid taken out, the nested armatures the bones show
/// (playing, paused after a seek, blending), and onion-skin ghosts sampled around the current
/// frame, nested armatures included.
class DocumentScene {
public:
    DocumentScene();
    ~DocumentScene();

    /// Resolves the skins of the document's armatures again (a file was opened or reloaded);
    /// images already cached are re-read, since a reload means they may have changed.
    void rebuild(const Document& document);

    /// The images every view of the document draws from (the flipbook view's sheets too).
    const std::shared_ptr<render::TextureCache>& textures() const { return m_textures; }
    /// The shown export's sheet images that cannot be decoded, as warnings; each is read now
    /// when no view has read it yet (the cache also holds the images of files opened before).
    std::vector<core::LoadError> textureProblems(const Document& document);

    /// The scene of the current tick; pointers into this object stay valid until the next call.
    const render::Scene& scene(const Document& document, const render::ViewOptions& options);

private:
    /// One drawn pose of the shown armature with the nested armatures its bones show.
    struct Instance {
        core::Pose pose;               ///< hidden bones taken out
        core::NestedPoses nestedPoses; ///< composed onto `pose`
    };
    /// Fills `instance` from `pose` and returns its view, tree `tree` of the tree view.
    render::ArmatureView view(const Document& document, const core::Pose& pose, Instance& instance,
                              size_t tree);

    std::shared_ptr<render::TextureCache> m_textures;
    std::optional<render::ArmatureTreeView> m_tree;
    const render::ArmatureSkins* m_skins = nullptr; ///< the shown armature's, inside m_tree
    Instance m_current;
    std::vector<Instance> m_ghosts;
    render::Scene m_scene;
};

} // namespace bonescope::app
