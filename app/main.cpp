#include "MainWindow.h"

#include "Document.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>

#include <cstdio>

namespace {

/// "No armature called "x" in FILE; it has: a, b." on stderr, for a name given on the command
/// line that the file lacks.
void reportUnknownName(const QString& kind, const QString& name, const QString& file,
                       const QStringList& valid)
{
    const QString message =
        valid.isEmpty() ? QStringLiteral("bonescope: no %1 called \"%2\" in %3; it has none.\n")
                              .arg(kind, name, file)
                        : QStringLiteral("bonescope: no %1 called \"%2\" in %3; it has: %4.\n")
                              .arg(kind, name, file, valid.join(QStringLiteral(", ")));
    std::fputs(qPrintable(message), stderr);
}

QStringList armatureNames(const bonescope::app::Document& document)
{
    QStringList names;
    if (const bonescope::core::LoadedExport* loaded = document.loaded())
        for (const bonescope::core::ArmatureData& armature : loaded->skeleton.armatures)
            names.append(QString::fromStdString(armature.name));
    return names;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Bonescope"));
    QApplication::setApplicationName(QStringLiteral("Bonescope"));
    QApplication::setApplicationVersion(QStringLiteral(BONESCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("bonescope"));
    // The icon the package installs into the hicolor theme; none when run from the build tree.
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("bonescope")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Viewer for cocos2d-x animation exports"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("Export to open (the embedded sample when none)"));
    const QCommandLineOption armature(
        QStringLiteral("armature"),
        QStringLiteral("Armature to show (default: the first with movements)."),
        QStringLiteral("NAME"));
    const QCommandLineOption movement(QStringLiteral("movement"),
                                      QStringLiteral("Movement to play first."),
                                      QStringLiteral("NAME"));
    parser.addOption(armature);
    parser.addOption(movement);
    parser.process(app);

    bonescope::app::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    const bool opened = files.isEmpty() ? window.openSample() : window.openFile(files.first());
    // A name the file lacks is a command-line error, like an unknown option: say which names
    // would have worked and quit rather than show something the user did not ask for.
    bonescope::app::Document& document = *window.document();
    if (opened && parser.isSet(armature) && !document.showArmature(parser.value(armature))) {
        reportUnknownName(QStringLiteral("armature"), parser.value(armature),
                          document.displayName(), armatureNames(document));
        return EXIT_FAILURE;
    }
    if (opened && parser.isSet(movement) && !document.playMovement(parser.value(movement))) {
        reportUnknownName(QStringLiteral("movement"), parser.value(movement),
                          document.displayName(), document.movementNames());
        return EXIT_FAILURE;
    }
    return app.exec();
}
