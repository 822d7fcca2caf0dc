// What the package installs, checked against the programs and against each other: the manual
// pages document exactly the options that `--help` prints (the programs' and every
// bonescope-cli command's), the version is the same everywhere, the desktop entry, MIME types
// and AppStream metadata name the same file types, `cmake --install` lays out every file, and
// the installed MIME types tell our exports from other XML, JSON and plist files.

#include <QDir>
#include <QFile>
#include <QMimeDatabase>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kPackaging = QStringLiteral(BONESCOPE_PACKAGING_DIR);
const QString kInstallRoot = QStringLiteral(BONESCOPE_INSTALL_ROOT);
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");
const QString kVersion = QStringLiteral(BONESCOPE_VERSION);

QString readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

/// Standard output and error of `program arguments`, merged unless `channels` says otherwise;
/// empty when it did not finish.
QString runProgram(const QString& program, const QStringList& arguments,
                   QProcess::ProcessChannelMode channels = QProcess::MergedChannels)
{
    QProcess process;
    process.setProcessChannelMode(channels);
    process.start(program, arguments);
    if (!process.waitForFinished(60000))
        return {};
    return QString::fromUtf8(process.readAll());
}

/// Option names ("-j", "--jobs") written in `text`: after a line start, a space, a comma, a
/// bracket or a bar, so that hyphenated words and paths do not count.
QSet<QString> optionsIn(const QString& text)
{
    static const QRegularExpression option(
        QStringLiteral("(?:^|[\\s,\\[|(])(--[A-Za-z][A-Za-z0-9-]*|-[A-Za-z])(?![A-Za-z0-9])"));
    QSet<QString> options;
    for (const QRegularExpressionMatch& match : option.globalMatch(text))
        options.insert(match.captured(1));
    return options;
}

/// Commands listed by a program's help: the indented "name  summary" lines after "Commands:".
QStringList commandsIn(const QString& help)
{
    static const QRegularExpression entry(QStringLiteral("^\\s+([a-z][a-z-]*)\\s{2,}\\S"));
    QStringList commands;
    bool inCommands = false;
    for (const QString& line : help.split(QLatin1Char('\n'))) {
        if (line.trimmed().compare(QStringLiteral("commands:"), Qt::CaseInsensitive) == 0) {
            inCommands = true;
            continue;
        }
        if (!inCommands)
            continue;
        const QRegularExpressionMatch match = entry.match(line);
        if (!match.hasMatch())
            break;
        commands.append(match.captured(1));
    }
    return commands;
}

/// A manual page cut at its .SH and .SS headings: heading → the options its .TP entries name.
/// Only tagged entries count, so prose may mention an option without documenting it.
QHash<QString, QSet<QString>> documentedOptions(const QString& page)
{
    QHash<QString, QSet<QString>> sections;
    QString section;
    const QStringList lines = page.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines.at(i);
        if (line.startsWith(QStringLiteral(".SH ")) || line.startsWith(QStringLiteral(".SS "))) {
            section = line.mid(4).remove(QLatin1Char('"')).trimmed();
            sections[section];
        } else if (line.startsWith(QStringLiteral(".TP")) && i + 1 < lines.size()) {
            QString tag = lines.at(i + 1);
            tag.replace(QStringLiteral("\\-"), QStringLiteral("-"))
                .remove(QRegularExpression(QStringLiteral("\\\\f[BIRP]")))
                .remove(QLatin1Char('"'));
            // Drop the macro name (.B, .BR, .BI): what follows is the tag.
            tag = tag.section(QLatin1Char(' '), 1);
            sections[section].unite(optionsIn(tag));
        }
    }
    return sections;
}

QString sorted(const QSet<QString>& set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list.join(QLatin1Char(' '));
}

/// The section of a manual page that documents the options every command shares.
const QString kSharedSection = QStringLiteral("OPTIONS");

/// One `--help` to compare with a manual page: the command line, the page, and the section
/// that documents its own options.
struct HelpRun {
    QStringList command;
    QString page;
    QString section;
};

/// The viewer's help, bonescope-cli's, and the help of every command bonescope-cli lists.
QList<HelpRun> helpRuns()
{
    const QString gui = QStringLiteral(BONESCOPE_GUI);
    const QString cli = QStringLiteral(BONESCOPE_CLI);
    const QString help = QStringLiteral("--help");
    const QString cliPage = kPackaging + QStringLiteral("/man/bonescope-cli.1");
    QList<HelpRun> runs = {
        {{gui, help}, kPackaging + QStringLiteral("/man/bonescope.1"), kSharedSection},
        {{cli, help}, cliPage, kSharedSection},
    };
    for (const QString& command : commandsIn(runProgram(cli, {help})))
        runs.append({{cli, command, help}, cliPage, command});
    return runs;
}

} // namespace

class TestPackaging : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void manPageDocumentsEveryOption_data();
    void manPageDocumentsEveryOption();
    void manPageDocumentsNoOtherOption_data();
    void manPageDocumentsNoOtherOption();
    void manPageListsEveryCommand();
    void versionIsTheSameEverywhere();
    void fileTypesAgree();
    void installLayout_data();
    void installLayout();
    void mimeTypeOf_data();
    void mimeTypeOf();

private:
    QTemporaryDir m_scratch;
};

void TestPackaging::initTestCase()
{
    QVERIFY2(QFile::exists(kInstallRoot + QStringLiteral("/share/mime/packages/bonescope.xml")),
             "run through ctest: the install_tree fixture installs the package first");

    // One database merged from the system's types and the installed package, as Debian's
    // trigger builds it; the lookups below must see only that one (XDG_DATA_HOME empty).
    QVERIFY(m_scratch.isValid());
    const QString freedesktop = QStandardPaths::locate(
        QStandardPaths::GenericDataLocation, QStringLiteral("mime/packages/freedesktop.org.xml"));
    QVERIFY2(!freedesktop.isEmpty(), "shared-mime-info is not installed");
    const QString updater = QStandardPaths::findExecutable(QStringLiteral("update-mime-database"));
    QVERIFY2(!updater.isEmpty(), "update-mime-database (shared-mime-info) is not installed");
    const QString packages = m_scratch.filePath(QStringLiteral("data/mime/packages"));
    QVERIFY(QDir().mkpath(packages));
    QVERIFY(QDir().mkpath(m_scratch.filePath(QStringLiteral("home"))));
    QVERIFY(QFile::copy(freedesktop, packages + QStringLiteral("/freedesktop.org.xml")));
    QVERIFY(QFile::copy(kInstallRoot + QStringLiteral("/share/mime/packages/bonescope.xml"),
                        packages + QStringLiteral("/bonescope.xml")));
    QCOMPARE(QProcess::execute(updater, {m_scratch.filePath(QStringLiteral("data/mime"))}), 0);
    qputenv("XDG_DATA_DIRS", QFile::encodeName(m_scratch.filePath(QStringLiteral("data"))));
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_scratch.filePath(QStringLiteral("home"))));

    // Look-alikes that must keep their generic types.
    const QList<QPair<QString, QByteArray>> files = {
        {QStringLiteral("notes.xml"),
         "<?xml version=\"1.0\"?>\n<notes><skeletons/><skeleton-like/></notes>\n"},
        {QStringLiteral("settings.plist"),
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
         "<key>name</key><string>frames</string></dict></plist>\n"},
        {QStringLiteral("data.json"), "{\"armature_data\": []}\n"},
    };
    for (const auto& [name, content] : files) {
        QFile file(m_scratch.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(content), content.size());
    }
}

void TestPackaging::manPageDocumentsEveryOption_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("section");
    for (const HelpRun& run : helpRuns())
        QTest::addRow("%s %s", qPrintable(QFileInfo(run.command.first()).fileName()),
                      qPrintable(run.command.mid(1).join(QLatin1Char(' '))))
            << run.command << run.page << run.section;
}

void TestPackaging::manPageDocumentsEveryOption()
{
    QFETCH(QStringList, command);
    QFETCH(QString, page);
    QFETCH(QString, section);

    const QString help = runProgram(command.first(), command.mid(1));
    QVERIFY2(!help.isEmpty(), "the program printed no help");
    const QHash<QString, QSet<QString>> sections = documentedOptions(readText(page));
    QVERIFY2(sections.contains(section), qPrintable(page + QStringLiteral(" has no ") + section));
    const QSet<QString> undocumented =
        optionsIn(help) - sections.value(section) - sections.value(kSharedSection);
    QVERIFY2(undocumented.isEmpty(),
             qPrintable(QStringLiteral("--help prints options that %1 does not document under "
                                       "%2 or %3: %4")
                            .arg(QFileInfo(page).fileName(), section, kSharedSection,
                                 sorted(undocumented))));
}

void TestPackaging::manPageDocumentsNoOtherOption_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("section");
    // The commands whose help may print the section's options: its own, or any for OPTIONS.
    QTest::addColumn<QList<QStringList>>("commands");
    QMap<QPair<QString, QString>, QList<QStringList>> rows;
    for (const HelpRun& run : helpRuns()) {
        rows[{run.page, run.section}].append(run.command);
        if (run.section != kSharedSection)
            rows[{run.page, kSharedSection}].append(run.command);
    }
    for (auto row = rows.cbegin(); row != rows.cend(); ++row)
        QTest::addRow("%s %s", qPrintable(QFileInfo(row.key().first).fileName()),
                      qPrintable(row.key().second))
            << row.key().first << row.key().second << row.value();
}

void TestPackaging::manPageDocumentsNoOtherOption()
{
    QFETCH(QString, page);
    QFETCH(QString, section);
    QFETCH(QList<QStringList>, commands);

    QSet<QString> printed;
    for (const QStringList& command : commands)
        printed.unite(optionsIn(runProgram(command.first(), command.mid(1))));
    const QSet<QString> stale = documentedOptions(readText(page)).value(section) - printed;
    QVERIFY2(stale.isEmpty(),
             qPrintable(QStringLiteral("%1 documents under %2 options that no --help prints: %3")
                            .arg(QFileInfo(page).fileName(), section, sorted(stale))));
}

void TestPackaging::manPageListsEveryCommand()
{
    const QStringList commands =
        commandsIn(runProgram(QStringLiteral(BONESCOPE_CLI), {QStringLiteral("--help")}));
    QVERIFY2(commands.size() >= 5, qPrintable(commands.join(QLatin1Char(' '))));
    const QString page = readText(kPackaging + QStringLiteral("/man/bonescope-cli.1"));
    static const QRegularExpression subsection(QStringLiteral("^\\.SS \"?([a-z-]+)\"?$"),
                                               QRegularExpression::MultilineOption);
    QStringList documented;
    for (const QRegularExpressionMatch& match : subsection.globalMatch(page))
        documented.append(match.captured(1));
    QCOMPARE(documented, commands);
}

void TestPackaging::versionIsTheSameEverywhere()
{
    QCOMPARE(runProgram(QStringLiteral(BONESCOPE_GUI), {QStringLiteral("--version")},
                        QProcess::ForwardedErrorChannel)
                 .trimmed(),
             QStringLiteral("Bonescope ") + kVersion);
    for (const char* page : {"bonescope.1", "bonescope-cli.1"})
        QVERIFY2(readText(kPackaging + QStringLiteral("/man/") + QLatin1String(page))
                     .contains(QStringLiteral("\"Bonescope ") + kVersion + QLatin1Char('"')),
                 qPrintable(page));
    // The newest release comes first in both.
    const QString metainfo =
        readText(kPackaging + QStringLiteral("/io.github.bonescope.Bonescope.metainfo.xml"));
    static const QRegularExpression release(QStringLiteral("<release version=\"([^\"]+)\""));
    QCOMPARE(release.match(metainfo).captured(1), kVersion);
    const QString changelog = readText(kPackaging + QStringLiteral("/changelog"));
    QVERIFY2(changelog.startsWith(QStringLiteral("bonescope (") + kVersion + QLatin1Char(')')),
             qPrintable(changelog.section(QLatin1Char('\n'), 0, 0)));
}

void TestPackaging::fileTypesAgree()
{
    static const QRegularExpression definedType(QStringLiteral("<mime-type type=\"([^\"]+)\""));
    QSet<QString> defined;
    for (const QRegularExpressionMatch& match :
         definedType.globalMatch(readText(kPackaging + QStringLiteral("/bonescope-mime.xml"))))
        defined.insert(match.captured(1));
    QCOMPARE(defined.size(), 3);

    const QString desktop = readText(kPackaging + QStringLiteral("/bonescope.desktop"));
    static const QRegularExpression mimeKey(QStringLiteral("^MimeType=(.*)$"),
                                            QRegularExpression::MultilineOption);
    const QStringList opened =
        mimeKey.match(desktop).captured(1).split(QLatin1Char(';'), Qt::SkipEmptyParts);
    QCOMPARE(QSet<QString>(opened.begin(), opened.end()), defined);

    static const QRegularExpression mediaType(QStringLiteral("<mediatype>([^<]+)</mediatype>"));
    QSet<QString> provided;
    for (const QRegularExpressionMatch& match : mediaType.globalMatch(
             readText(kPackaging + QStringLiteral("/io.github.bonescope.Bonescope.metainfo.xml"))))
        provided.insert(match.captured(1));
    QCOMPARE(provided, defined);
    QVERIFY(desktop.contains(QStringLiteral("\nIcon=bonescope\n")));
}

void TestPackaging::installLayout_data()
{
    QTest::addColumn<QString>("path");
    for (const char* path :
         {"bin/bonescope", "bin/bonescope-cli", "share/applications/bonescope.desktop",
          "share/mime/packages/bonescope.xml",
          "share/metainfo/io.github.bonescope.Bonescope.metainfo.xml",
          "share/icons/hicolor/scalable/apps/bonescope.svg",
          "share/icons/hicolor/16x16/apps/bonescope.png",
          "share/icons/hicolor/48x48/apps/bonescope.png",
          "share/icons/hicolor/256x256/apps/bonescope.png",
          "share/icons/hicolor/512x512/apps/bonescope.png", "share/man/man1/bonescope.1.gz",
          "share/man/man1/bonescope-cli.1.gz", "share/doc/bonescope/copyright",
          "share/doc/bonescope/changelog.gz"})
        QTest::newRow(path) << QString::fromLatin1(path);
}

void TestPackaging::installLayout()
{
    QFETCH(QString, path);
    const QFileInfo file(kInstallRoot + QLatin1Char('/') + path);
    QVERIFY2(file.isFile(), qPrintable(file.filePath()));
    QVERIFY(file.size() > 0);
    if (path.startsWith(QStringLiteral("bin/")))
        QVERIFY(file.isExecutable());
    if (path.endsWith(QStringLiteral(".png"))) {
        // Each PNG is rendered at the size its folder names.
        const int side =
            path.section(QLatin1Char('/'), 3, 3).section(QLatin1Char('x'), 0, 0).toInt();
        const QImage icon(file.filePath());
        QCOMPARE(icon.size(), QSize(side, side));
    }
}

void TestPackaging::mimeTypeOf_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");
    const QString dragonBones = QStringLiteral("application/x-dragonbones-xml");
    const QString cocoStudio = QStringLiteral("application/x-cocostudio-exportjson");
    const QString plist = QStringLiteral("application/x-cocos2d-plist");
    for (const char* name : {"Dragon.xml", "knight.xml", "weapon.xml"})
        QTest::newRow(name) << kCorpus + QLatin1Char('/') + QLatin1String(name) << dragonBones;
    for (const char* name : {"Cowboy.ExportJson", "testEasing.ExportJson"})
        QTest::newRow(name) << kCorpus + QLatin1Char('/') + QLatin1String(name) << cocoStudio;
    for (const char* name : {"Dragon.plist", "Cowboy0.plist", "flipbook/animations.plist"})
        QTest::newRow(name) << kCorpus + QLatin1Char('/') + QLatin1String(name) << plist;
    // Other XML, plists and JSON keep their generic types.
    QTest::newRow("XML with another root")
        << m_scratch.filePath(QStringLiteral("notes.xml")) << QStringLiteral("application/xml");
    QTest::newRow("plist without frames or animations")
        << m_scratch.filePath(QStringLiteral("settings.plist"))
        << QStringLiteral("application/xml");
    QTest::newRow("JSON named .json")
        << m_scratch.filePath(QStringLiteral("data.json")) << QStringLiteral("application/json");
    QTest::newRow("our own MIME definition")
        << kPackaging + QStringLiteral("/bonescope-mime.xml") << QStringLiteral("application/xml");
}

void TestPackaging::mimeTypeOf()
{
    QFETCH(QString, path);
    QFETCH(QString, expected);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    QCOMPARE(QMimeDatabase().mimeTypeForFile(path).name(), expected);
}

QTEST_MAIN(TestPackaging)
#include "test_packaging.moc"
