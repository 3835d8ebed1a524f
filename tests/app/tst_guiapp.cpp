// SPDX-License-Identifier: MIT
// The townhall executable's desktop mode, as a user starts it: `townhall --demo`
// hosts on 127.0.0.1 (another port when the asked one is busy), plays a bot
// match into its database, and closes cleanly on SIGTERM (the store is closed
// in the host thread: no WAL file is left behind).

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

class TestGuiApp final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void demoHostsPlaysAndClosesCleanly()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QTcpServer squatter; // the port asked for is busy: the app takes another
        QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
        const QString db = home.filePath(QStringLiteral("demo.sqlite"));

        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(env);
        app.setProcessChannelMode(QProcess::SeparateChannels);
        app.start(QStringLiteral(TOWNHALL_BIN),
                  {QStringLiteral("--demo"),
                   QStringLiteral("--speed"),
                   QStringLiteral("20"),
                   QStringLiteral("--db"),
                   db,
                   QStringLiteral("--port"),
                   QString::number(squatter.serverPort()),
                   QStringLiteral("--language"),
                   QStringLiteral("zh_CN")});
        QVERIFY(app.waitForStarted(10'000));

        QByteArray err;
        QRegularExpression hosting(
            QStringLiteral("hosting on (http://127\\.0\\.0\\.1:(\\d+)/mcp)"));
        QRegularExpressionMatch m;
        QTRY_VERIFY_WITH_TIMEOUT(
            ((err += app.readAllStandardError()), (m = hosting.match(QString::fromUtf8(err))))
                .hasMatch(),
            20'000);
        QVERIFY(m.captured(2).toUInt() != squatter.serverPort());

        // The demo match plays (its events reach the database).
        auto events = [&db] {
            int n = 0;
            {
                QSqlDatabase c
                    = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
                c.setDatabaseName(db);
                c.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
                if (c.open()) {
                    QSqlQuery q(c);
                    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM events")) && q.next())
                        n = q.value(0).toInt();
                }
            }
            QSqlDatabase::removeDatabase(QStringLiteral("peek"));
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(events() > 30, 30'000);

        // Ctrl+C / SIGTERM closes the window; the host stops in its thread.
        ::kill(pid_t(app.processId()), SIGTERM);
        QVERIFY(app.waitForFinished(20'000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        QVERIFY2(!QFile::exists(db + QStringLiteral("-wal")), "the store was not closed");
        QVERIFY(events() > 30);
        // The window's geometry was saved with the settings.
        QVERIFY(QDir(home.filePath(QStringLiteral("config")))
                    .entryList(QDir::AllDirs | QDir::NoDotAndDotDot)
                    .size()
                > 0);
    }
};

QTEST_GUILESS_MAIN(TestGuiApp)
#include "tst_guiapp.moc"
