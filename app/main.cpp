#include "MainWindow.h"

#include "Document.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>

#include <cstdio>
#include <cstring>

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

/// The viewer's command line: its options, described once for both ways main() reads it.
struct CommandLine {
    QCommandLineParser parser;
    const QCommandLineOption armature{
        QStringLiteral("armature"),
        QStringLiteral("Armature to show (default: the first with movements)."),
        QStringLiteral("NAME")};
    const QCommandLineOption movement{QStringLiteral("movement"),
                                      QStringLiteral("Movement to play first."),
                                      QStringLiteral("NAME")};

    CommandLine()
    {
        parser.setApplicationDescription(QStringLiteral("Viewer for cocos2d-x animation exports"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("FILE"),
            QStringLiteral("Export to open (the embedded sample when none)"));
        parser.addOption(armature);
        parser.addOption(movement);
    }
};

void nameApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Bonescope"));
    QCoreApplication::setApplicationName(QStringLiteral("Bonescope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BONESCOPE_VERSION));
}

/// Whether the command line asks only for the help or the version, which need no display.
bool asksForHelpOrVersion(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    // The help and the version print and quit without the GUI application, which needs a
    // display: `bonescope --help` over SSH or in a script failed on the missing platform.
    if (asksForHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        nameApplication();
        CommandLine commandLine;
        commandLine.parser.process(core); // prints and exits
        return EXIT_SUCCESS;
    }

    QApplication app(argc, argv);
    nameApplication();
    QApplication::setDesktopFileName(QStringLiteral("bonescope"));
    // The icon the package installs into the hicolor theme; none when run from the build tree.
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("bonescope")));
    CommandLine commandLine;
    const QCommandLineParser& parser = commandLine.parser;
    commandLine.parser.process(app);

    bonescope::app::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    const bool opened = files.isEmpty() ? window.openSample() : window.openFile(files.first());
    window.remindOfKeptEdits();
    // A name the file lacks is a command-line error, like an unknown option: say which names
    // would have worked and quit rather than show something the user did not ask for.
    bonescope::app::Document& document = *window.document();
    const QCommandLineOption& armature = commandLine.armature;
    const QCommandLineOption& movement = commandLine.movement;
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
