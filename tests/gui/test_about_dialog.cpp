// Help → About as a user opens it: the menu action shows the dialog with the version, Bonescope's
// licence and each library's version and licence. The screenshot goes to the temporary folder
// (bonescope_gui_about.png).

#include "AboutDialog.h"
#include "MainWindow.h"

#include <QDir>
#include <QLabel>
#include <QMenuBar>
#include <QTextBrowser>
#include <QtTest>

#include <glm/detail/setup.hpp>
#include <nlohmann/json_fwd.hpp>
#include <pugixml.hpp>

using bonescope::app::AboutDialog;
using bonescope::app::MainWindow;

class TestAboutDialog : public QObject {
    Q_OBJECT
private slots:
    void helpMenuOpensAbout();
    void namesEveryLibraryAndLicence_data();
    void namesEveryLibraryAndLicence();

private:
    /// Opens Help → About Bonescope in `window` by its menu action; null when it did not open.
    static AboutDialog* openAbout(MainWindow& window);
};

AboutDialog* TestAboutDialog::openAbout(MainWindow& window)
{
    QMenu* help = nullptr;
    for (QAction* action : window.menuBar()->actions())
        if (action->text() == QStringLiteral("&Help"))
            help = action->menu();
    if (!help)
        return nullptr;
    for (QAction* action : help->actions())
        if (action->text() == QStringLiteral("&About Bonescope"))
            action->trigger();
    return window.findChild<AboutDialog*>();
}

void TestAboutDialog::helpMenuOpensAbout()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    AboutDialog* about = openAbout(window);
    QVERIFY(about);
    QVERIFY(QTest::qWaitForWindowExposed(about));
    QVERIFY(about->heading()->text().contains(QStringLiteral("Bonescope " BONESCOPE_VERSION)));
    const QImage shot = about->grab().toImage();
    QVERIFY(shot.save(QDir::temp().filePath(QStringLiteral("bonescope_gui_about.png"))));

    // Escape closes it, and the dialog deletes itself.
    QPointer<AboutDialog> guard(about);
    QTest::keyClick(about, Qt::Key_Escape);
    QTRY_VERIFY(guard.isNull());
}

void TestAboutDialog::namesEveryLibraryAndLicence_data()
{
    QTest::addColumn<QString>("expected");
    QTest::newRow("Bonescope licence") << QStringLiteral("MIT, © 2026 The Bonescope developers");
    QTest::newRow("MIT text") << QStringLiteral("Permission is hereby granted, free of charge");
    QTest::newRow("Qt version") << QString::fromLatin1(qVersion());
    QTest::newRow("Qt licence") << QStringLiteral("GNU Lesser General Public License version 3");
    QTest::newRow("pugixml") << QStringLiteral("Arseny Kapoulkine");
    QTest::newRow("pugixml version") << QStringLiteral("pugixml %1.%2")
                                            .arg(PUGIXML_VERSION / 1000)
                                            .arg(PUGIXML_VERSION % 1000 / 10);
    QTest::newRow("nlohmann/json version") << QStringLiteral("nlohmann/json %1.%2.%3")
                                                  .arg(NLOHMANN_JSON_VERSION_MAJOR)
                                                  .arg(NLOHMANN_JSON_VERSION_MINOR)
                                                  .arg(NLOHMANN_JSON_VERSION_PATCH);
    QTest::newRow("nlohmann/json licence") << QStringLiteral("MIT, © 2013-2022 Niels Lohmann");
    QTest::newRow("glm version") << QStringLiteral("glm %1.%2.%3")
                                        .arg(GLM_VERSION_MAJOR)
                                        .arg(GLM_VERSION_MINOR)
                                        .arg(GLM_VERSION_PATCH);
    QTest::newRow("glm licence") << QStringLiteral("MIT, © 2005-2015 G-Truc Creation");
}

void TestAboutDialog::namesEveryLibraryAndLicence()
{
    QFETCH(QString, expected);
    AboutDialog about;
    // Table cells end up on lines of their own in plain text: one space between words instead.
    const QString text = about.licences()->toPlainText().simplified();
    QVERIFY2(text.contains(expected), qPrintable(expected));
}

QTEST_MAIN(TestAboutDialog)
#include "test_about_dialog.moc"
