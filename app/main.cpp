#include "MainWindow.h"

#include "Document.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>

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
    const QCommandLineOption movement(
        QStringLiteral("movement"), QStringLiteral("Movement to play first."), QStringLiteral("M"));
    parser.addOption(movement);
    parser.process(app);

    bonescope::app::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    const bool opened = files.isEmpty() ? window.openSample() : window.openFile(files.first());
    if (opened && parser.isSet(movement) &&
        !window.document()->playMovement(parser.value(movement)))
        QMessageBox::warning(
            &window, QStringLiteral("Bonescope"),
            QStringLiteral("No movement called \"%1\".").arg(parser.value(movement)));
    return app.exec();
}
