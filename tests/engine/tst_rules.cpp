#include "engine/lobby.h"
#include <QtTest>
using namespace townhall::engine;
class TstRules : public QObject { Q_OBJECT
private Q_SLOTS:
    void smoke() {
        Lobby lobby(7);
        for (int i = 0; i < 8; ++i) {
            auto r = lobby.join("a" + std::to_string(i), "Agent " + std::to_string(i), DefaultQueueId, 1000);
            QVERIFY(r.ok());
        }
        QCOMPARE(lobby.matches().size(), size_t(1));
    }
};
QTEST_APPLESS_MAIN(TstRules)
#include "tst_rules.moc"
