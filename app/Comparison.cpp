#include "Comparison.h"

#include "Document.h"

#include "TextureCache.h"
#include "panels/ComparatorPanel.h"

#include <QEvent>

namespace bonescope::app {

Comparison::Comparison(Document* document, widgets::ComparatorPanel* panel, QObject* parent)
    : QObject(parent), m_document(document), m_panel(panel),
      m_textures(std::make_shared<render::TextureCache>())
{
    connect(document, &Document::documentChanged, this, &Comparison::rebuild);
    // An edit changes movements only (the armatures, which the skins point into, stay).
    connect(document, &Document::parameterChanged, this, &Comparison::recompute);
    connect(panel, &widgets::ComparatorPanel::requestChanged, this, &Comparison::recompute);
    panel->installEventFilter(this);
    rebuild();
}

Comparison::~Comparison() = default;

void Comparison::rebuild()
{
    m_panel->setComparison(nullptr, nullptr); // before the data they point into goes
    m_comparison.reset();
    m_tree.reset();
    for (int id = 0; id < m_textures->size(); ++id)
        m_textures->reload(id);
    if (const core::LoadedExport* loaded = m_document->loaded(); loaded && m_document->armature())
        m_tree.emplace(loaded->skeleton, loaded->atlases, m_textures);
    m_panel->resetMovements();
    recompute();
}

bool Comparison::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_panel && event->type() == QEvent::Show && m_bakeOnShow)
        recompute();
    return QObject::eventFilter(watched, event);
}

void Comparison::recompute()
{
    m_panel->setComparison(nullptr, nullptr);
    m_comparison.reset();
    m_bakeOnShow = false;
    const core::LoadedExport* loaded = m_document->loaded();
    const core::ArmatureData* armature = m_document->armature();
    if (!m_tree || !loaded || !armature) {
        m_panel->setComparison(
            nullptr, nullptr,
            m_document->kind() == Document::Kind::Flipbook
                ? tr("A flipbook has frames, not bones: it has no transitions to compare.")
                : tr("Open an armature to compare transitions."));
        return;
    }
    m_bakeOnShow = !m_panel->isVisible();
    if (m_bakeOnShow)
        return;
    auto comparison = core::TransitionComparison::create(loaded->skeleton, m_panel->request());
    if (!comparison) {
        m_panel->setComparison(nullptr, nullptr,
                               QString::fromStdString(comparison.error().message));
        return;
    }
    m_comparison.emplace(std::move(comparison.value()));
    m_panel->setComparison(&*m_comparison, &*m_tree);
}

} // namespace bonescope::app
