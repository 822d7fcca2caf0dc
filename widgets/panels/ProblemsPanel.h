#pragma once

#include "base/LoadError.h"

#include <QWidget>

#include <vector>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;

namespace bonescope::widgets {

/// The Problems dock: what `bonescope-cli validate` reports for the file the user last opened
/// (the loader's warnings and core::validateExport's findings), one row each with its place
/// (file, line or JSON pointer); or, when that file was refused, the error that refused it.
/// Each call replaces everything shown before, so no row outlives the file it is about. Under
/// the list the current row's whole text is shown, wrapped and selectable, in a box of three
/// lines: a row is one line and a message is often longer than the dock is wide.
class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    enum Column { Severity, File, Place, Message, ColumnCount };
    /// Rows listed at most; a last row counts the rest (a hostile file may hold millions).
    static constexpr int kMaxRows = 5000;

    explicit ProblemsPanel(QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }
    QLabel* summary() const { return m_summary; }
    QPlainTextEdit* detail() const { return m_detail; }

    /// Lists the warnings of `path`, which is now open; file names under its folder are shown
    /// relative to it.
    void showWarnings(const QString& path, const std::vector<core::LoadError>& warnings);
    /// Shows why `path` could not be opened (`message`: LoadError::toString()); `stillOpen`
    /// names the file the window still shows, empty when none.
    void showRefusal(const QString& path, const QString& message, const QString& stillOpen);
    /// Shows why the open file `path` could not be read again (the version read before stays).
    void showReloadFailure(const QString& path, const QString& message);
    /// The list shown is showWarnings()' for `path` (not an error shown since).
    bool showsWarningsOf(const QString& path) const { return m_warningsOf == path; }

private:
    void showError(const QString& path, const QString& message, const QString& summary);
    /// Makes the first row current (its text shows in the detail line), or clears the line.
    void showFirstRow();

    QString m_warningsOf; ///< the path of the warnings listed; empty while an error shows
    QLabel* m_summary;
    QTreeWidget* m_list;
    QPlainTextEdit* m_detail;
};

} // namespace bonescope::widgets
