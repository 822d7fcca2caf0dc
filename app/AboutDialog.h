#pragma once

#include <QDialog>

class QLabel;
class QTextBrowser;

namespace bonescope::app {

/// Help → About: Bonescope's version and licence, and the version and licence of each library
/// the programs are built with (Qt, pugixml, nlohmann/json, glm), with the MIT licence text.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);

    /// The heading: program name and version.
    QLabel* heading() const { return m_heading; }
    /// The licences: one row a component, then the licence texts.
    QTextBrowser* licences() const { return m_licences; }

private:
    QLabel* m_heading;
    QTextBrowser* m_licences;
};

} // namespace bonescope::app
