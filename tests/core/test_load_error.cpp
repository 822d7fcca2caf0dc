#include "base/LoadError.h"

#include <QtTest>

using namespace bonescope::core;

class TestLoadError : public QObject {
    Q_OBJECT
private slots:
    void formatsLineAndPointer_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("expected");
        QTest::newRow("line") << "a.xml" << 12 << ""
                              << "a.xml:12: bad";
        QTest::newRow("pointer") << "b.json" << 0 << "/x/0"
                                 << "b.json (at /x/0): bad";
        QTest::newRow("no file") << "" << 0 << ""
                                 << "<memory>: bad";
    }
    void formatsLineAndPointer()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, pointer);
        QFETCH(QString, expected);
        const LoadError error{file.toStdString(), line, pointer.toStdString(), "bad"};
        QCOMPARE(QString::fromStdString(error.toString()), expected);
    }
    void resultHoldsValueOrError()
    {
        Result<int> good(7);
        QVERIFY(good.ok());
        QCOMPARE(good.value(), 7);
        Result<int> bad(LoadError{"f", 1, {}, "m"});
        QVERIFY(!bad.ok());
        QCOMPARE(QString::fromStdString(bad.error().message), QString("m"));
    }
};

QTEST_GUILESS_MAIN(TestLoadError)
#include "test_load_error.moc"
