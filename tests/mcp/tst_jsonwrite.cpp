// SPDX-License-Identifier: MIT
// writeJson (mcp/jsonwrite.h) must write exactly what nlohmann's dump() writes.

#include "mcp/jsonwrite.h"

#include <QFloat16> // QCOMPARE of json values needs qfloat16 complete
#include <QTest>

#include <functional>
#include <random>

using townhall::mcp::containsRawJson;
using townhall::mcp::jsonTextOf;
using townhall::mcp::materialized;
using townhall::mcp::rawJson;
using townhall::mcp::writeJson;
using json = nlohmann::json;

class TestJsonWrite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsDump_data();
    void sameAsDump();
    void everyByte();
    void randomTrees();
    void invalidUtf8();
    void rawNodes();
};

void TestJsonWrite::sameAsDump_data()
{
    QTest::addColumn<QByteArray>("text");
    const char *rows[][2] = {
        {"null", "null"},
        {"bools", R"([true,false])"},
        {"ints", R"([0,-1,1,9223372036854775807,-9223372036854775808,18446744073709551615])"},
        {"floats", R"([0.5,-2.25,1e300,3.141592653589793,1.0,-0.0,5e-324])"},
        {"strings", R"(["","a\"b","back\\slash","tab\tnl\nret\r","\u0001\u001f\u007f","é中😀"])"},
        {"nested", R"({"b":{"c":[1,{"d":null}],"a":[]},"a":{},"z":"end"})"},
        {"state",
         R"({"ok":true,"state":{"matchId":"match-1","players":[{"playerId":"p:1","revealedRole":null,"alive":true}],"you":null},"error":null})"},
    };
    for (const auto &r : rows)
        QTest::newRow(r[0]) << QByteArray(r[1]);
}

void TestJsonWrite::sameAsDump()
{
    QFETCH(QByteArray, text);
    const json j = json::parse(text.toStdString());
    QCOMPARE(QByteArray::fromStdString(writeJson(j)), QByteArray::fromStdString(j.dump()));
}

void TestJsonWrite::everyByte()
{
    // Every ASCII byte, alone and between letters.
    for (int c = 0; c < 0x80; ++c) {
        const std::string s = "a" + std::string(1, static_cast<char>(c)) + "b";
        const json j = {{"k" + s, s}};
        QCOMPARE(writeJson(j), j.dump());
    }
}

namespace {

/// A random tree of every JSON type, with strings built from awkward pieces.
json randomTree(std::mt19937 &rng, int depth = 0)
{
    static const std::vector<std::string> pieces
        = {"a", "\"", "\\", "\n", "\x01", "é", "中", "😀", " ", "\x7f", "/"};
    switch (depth > 3 ? rng() % 5 : rng() % 7) {
    case 0:
        return nullptr;
    case 1:
        return rng() % 2 == 0;
    case 2:
        return static_cast<std::int64_t>(rng()) - (1LL << 31);
    case 3:
        return static_cast<double>(rng()) / 7.0;
    case 4: {
        std::string s;
        for (unsigned i = rng() % 12; i > 0; --i)
            s += pieces[rng() % pieces.size()];
        return s;
    }
    case 5: {
        json a = json::array();
        for (unsigned i = rng() % 5; i > 0; --i)
            a.push_back(randomTree(rng, depth + 1));
        return a;
    }
    default: {
        json o = json::object();
        for (unsigned i = rng() % 5; i > 0; --i)
            o[pieces[rng() % pieces.size()] + std::to_string(i)] = randomTree(rng, depth + 1);
        return o;
    }
    }
}

} // namespace

void TestJsonWrite::randomTrees()
{
    std::mt19937 rng(42);
    for (int i = 0; i < 2000; ++i) {
        const json j = randomTree(rng);
        QCOMPARE(writeJson(j), j.dump());
    }
}

void TestJsonWrite::invalidUtf8()
{
    // Same behaviour as dump(): strict throws, replace substitutes U+FFFD.
    for (const char *bad :
         {"\xff", "a\xc3", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf"}) {
        const json j = {{"text", std::string(bad)}};
        QVERIFY_THROWS_EXCEPTION(json::type_error, writeJson(j));
        QCOMPARE(writeJson(j, json::error_handler_t::replace),
                 j.dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

void TestJsonWrite::rawNodes()
{
    // Subtrees replaced by their own text as raw JSON (with and without the
    // escaped copy) must write as the plain tree, and the JSON string of the
    // whole (a tool result's text content) must hold exactly that text.
    std::mt19937 rng(7);
    std::function<json(const json &)> rawify = [&](const json &j) -> json {
        if (rng() % 3 == 0)
            return rawJson(writeJson(j), rng() % 2 == 0);
        if (!j.is_structured())
            return j;
        json out = j.is_array() ? json::array() : json::object();
        if (j.is_array())
            for (const json &e : j)
                out.push_back(rawify(e));
        else
            for (auto it = j.begin(); it != j.end(); ++it)
                out[it.key()] = rawify(it.value());
        return out;
    };
    int withRaw = 0;
    for (int i = 0; i < 2000; ++i) {
        const json plain = json{{"state", randomTree(rng)}, {"ok", true}};
        const json mixed = rawify(plain);
        withRaw += containsRawJson(mixed);
        QCOMPARE(materialized(mixed), plain);
        QCOMPARE(writeJson(mixed), plain.dump());
        const json text = jsonTextOf(mixed);
        QCOMPARE(containsRawJson(text), containsRawJson(mixed));
        QCOMPARE(writeJson(text), json(plain.dump()).dump());
        QCOMPARE(materialized(text), json(plain.dump()));
    }
    QVERIFY(withRaw > 1000);
    // A binary value that is not raw JSON is written as nlohmann writes it.
    const json bin = json::binary({1, 2, 3});
    QCOMPARE(writeJson(json{{"b", bin}}), json({{"b", bin}}).dump());
    QVERIFY(!containsRawJson(bin));
}

QTEST_APPLESS_MAIN(TestJsonWrite)
#include "tst_jsonwrite.moc"
