#pragma once

#include "MainWindow.h"
#include "RecoveryJournal.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace bonescope::test {

/// Keeps the user's real settings out of a test: call once, in initTestCase().
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BonescopeTest"));
    QSettings(QStringLiteral("Bonescope"), QStringLiteral("Bonescope")).clear();
    // A run that died left its recovery files: the next would be asked to restore them.
    QDir(app::RecoveryJournal::defaultFolder()).removeRecursively();
}

/// Where a GUI test saves screenshot `name` for a person to look at (the temporary folder).
inline QString shotPath(const QString& name)
{
    return QDir::temp().filePath(QStringLiteral("bonescope_gui_%1.png").arg(name));
}

/// The dock `panel` is shown in (docks hold their panel inside a scroll area); null when none.
inline QDockWidget* dockOf(QWidget* panel)
{
    for (QWidget* parent = panel ? panel->parentWidget() : nullptr; parent;
         parent = parent->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(parent))
            return dock;
    return nullptr;
}

/// The bytes of the file at `path`, empty when it cannot be read.
inline QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Copies Dragon.xml and its atlas from the corpus into `folder`, writable, for tests that save
/// or change it; the XML's path, empty when a copy failed.
inline QString copyDragon(const QTemporaryDir& folder)
{
    for (const char* name : {"Dragon.xml", "Dragon.png", "Dragon.plist"})
        if (!QFile::copy(QStringLiteral(BONESCOPE_TEST_DATA "/corpus/") + QLatin1String(name),
                         folder.filePath(QLatin1String(name))))
            return {};
    const QString xml = folder.filePath(QStringLiteral("Dragon.xml"));
    QFile::setPermissions(xml, QFile::ReadOwner | QFile::WriteOwner);
    return xml;
}

enum class Activate { No, Yes };

/// Shows `window`, opens `file` in it and, when asked, makes it the active window (for keys);
/// false when any step fails.
inline bool showWithFile(app::MainWindow& window, const QString& file,
                         Activate activate = Activate::No)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.openFile(file))
        return false;
    if (activate == Activate::No)
        return true;
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window);
}

/// Chooses `text` in a closed combo box with the arrow keys, as a user picks from the keyboard.
inline void typeChoice(QComboBox* box, const QString& text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < box->count() && box->currentText() != text; ++i)
        QTest::keyClick(box, Qt::Key_Down);
}

/// Replaces the contents of `box` (a spin box) by typing `text` and Enter.
template <typename SpinBox> void typeValue(SpinBox* box, const QString& text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

} // namespace bonescope::test
