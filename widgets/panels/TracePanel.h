#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QAction;
class QLabel;
class QTableWidget;
class QToolButton;

namespace bonescope::widgets {

/// The blend trace dock: for each selected bone at the current update of a recorded blend
/// script, or of the layer stack playing, every contribution (source and target movement, the
/// pose a durationTo fade started from, or a layer) with its weight, local pose and where in its
/// movement it is, then the result, as the `.trace.csv` of `bonescope-cli bake --trace` lists
/// them. Export CSV writes that file's rows (core::writeTraceCsv) for the update on screen or
/// the whole recording.
class TracePanel : public QWidget {
    Q_OBJECT
public:
    explicit TracePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    QToolButton* exportButton() const { return m_export; }

    enum class Scope { Update, Recording };
    /// The selected bones' trace rows in the `.trace.csv` layout: at the update on screen, or
    /// at every update of the recording.
    QString csv(Scope scope) const;
    bool exportCsv(const QString& path, Scope scope, QString* error) const;

private:
    /// The trace of what the document shows: the recording's while one plays, else the layer
    /// stack's.
    std::vector<core::BoneContribution> shownTrace() const;
    void refresh();
    void exportWithDialog(Scope scope);

    AbstractDocument* m_document;
    QLabel* m_hint;
    QTableWidget* m_table;
    QToolButton* m_export;
    QAction* m_exportRecording;
};

} // namespace bonescope::widgets
