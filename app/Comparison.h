#pragma once

#include "ArmatureTreeView.h"
#include "script/TransitionComparison.h"

#include <QObject>

#include <memory>
#include <optional>

namespace bonescope::render {
class TextureCache;
}
namespace bonescope::widgets {
class ComparatorPanel;
}

namespace bonescope::app {

class Document;

/// Feeds the comparator panel: bakes the comparison its controls ask for on the document's
/// armature (core::TransitionComparison, the CLI's script bake) and resolves that armature's
/// skins for the panel's viewports, again whenever the file is opened or reloaded; an edit of
/// the export's movements bakes the comparison again. Only while the panel is shown: a hidden
/// one is baked when it shows (the bake holds every pose of every choice, tens of megabytes
/// for a big armature, and each edit would pay for it).
class Comparison : public QObject {
    Q_OBJECT
public:
    Comparison(Document* document, widgets::ComparatorPanel* panel, QObject* parent = nullptr);
    ~Comparison() override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The file was opened or reloaded: new skins, movement lists, comparison.
    void rebuild();
    /// Bakes the comparison the panel asks for, or, while it is hidden, drops the one shown and
    /// leaves the bake to its showing.
    void recompute();

    Document* m_document;
    widgets::ComparatorPanel* m_panel;
    std::shared_ptr<render::TextureCache> m_textures;
    std::optional<render::ArmatureTreeView> m_tree;
    std::optional<core::TransitionComparison> m_comparison;
    bool m_bakeOnShow = false;
};

} // namespace bonescope::app
