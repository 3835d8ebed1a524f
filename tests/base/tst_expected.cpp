// SPDX-License-Identifier: MIT
// base::Expected: the one result type every layer aliases.

#include "base/expected.h"

#include <QTest>

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

using townhall::base::Expected;

namespace {

struct Failure
{
    int code = 0;
    std::string message;
};

Expected<int, Failure> half(int n)
{
    if (n % 2 != 0)
        return Failure{1, std::to_string(n) + " is odd"};
    return n / 2;
}

Expected<void, Failure> check(bool good)
{
    if (!good)
        return Failure{2, "bad"};
    return {};
}

/// Counts copies, so a test can tell a move from a copy.
struct Tracked
{
    int copies = 0;
    Tracked() = default;
    Tracked(const Tracked &o)
        : copies(o.copies + 1)
    {}
    Tracked(Tracked &&) noexcept = default;
    Tracked &operator=(const Tracked &) = default;
    Tracked &operator=(Tracked &&) noexcept = default;
};

} // namespace

// The layers rely on these: a dropped result must warn, and `if (!r)` must
// not silently turn into an int conversion.
static_assert(!std::is_convertible_v<Expected<int, Failure>, bool>);
static_assert(!std::is_convertible_v<Expected<void, Failure>, bool>);
static_assert(std::is_same_v<Expected<int, Failure>::error_type, Failure>);

class TestExpected : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void valueOrError()
    {
        const auto v = half(8);
        QVERIFY(v.ok());
        QVERIFY(static_cast<bool>(v));
        QCOMPARE(v.value(), 4);
        QCOMPARE(*v, 4);

        const auto e = half(7);
        QVERIFY(!e.ok());
        QVERIFY(!e);
        QCOMPARE(e.error().code, 1);
        QCOMPARE(e.error().message, std::string("7 is odd"));
    }

    void wrongSideThrowsInsteadOfReadingGarbage()
    {
        const auto v = half(8);
        const auto e = half(7);
        QVERIFY_THROWS_EXCEPTION(std::bad_variant_access, (void)v.error());
        QVERIFY_THROWS_EXCEPTION(std::bad_variant_access, (void)e.value());
        const auto fine = check(true);
        QVERIFY_THROWS_EXCEPTION(std::bad_optional_access, (void)fine.error());
    }

    // A value type that is also constructible from the error must still pick
    // the intended side (mcp::Outcome<json> holds a json, which accepts almost anything).
    void sameShapeTypesPickTheirSide()
    {
        Expected<std::string, Failure> s = std::string("x");
        QVERIFY(s.ok());
        Expected<std::string, Failure> f = Failure{3, "y"};
        QVERIFY(!f.ok());
        QCOMPARE(f.error().code, 3);
    }

    void mutableAccessAndArrow()
    {
        Expected<std::vector<int>, Failure> r = std::vector<int>{1, 2};
        r->push_back(3);
        (*r).push_back(4);
        r.value().push_back(5);
        QCOMPARE(r->size(), std::size_t(5));
        QCOMPARE(r.value().back(), 5);
    }

    void moveOutLeavesNoCopy()
    {
        Expected<Tracked, Failure> r = Tracked();
        QCOMPARE(r->copies, 0);
        Tracked moved = std::move(r).value();
        QCOMPARE(moved.copies, 0);

        Expected<Tracked, Failure> r2 = Tracked();
        Tracked star = *std::move(r2);
        QCOMPARE(star.copies, 0);

        // Move-only values work: the store returns results holding unique handles.
        Expected<std::unique_ptr<int>, Failure> p = std::make_unique<int>(42);
        std::unique_ptr<int> owned = std::move(p).value();
        QVERIFY(owned);
        QCOMPARE(*owned, 42);

        Expected<int, Failure> e = Failure{4, "a long enough message to leave the small buffer"};
        Failure taken = std::move(e).error();
        QCOMPARE(taken.message, std::string("a long enough message to leave the small buffer"));
    }

    void copyKeepsBothSides()
    {
        const auto e = half(3);
        const auto copy = e;
        QVERIFY(!copy);
        QCOMPARE(copy.error().message, e.error().message);
    }

    void voidSpecialisation()
    {
        const auto ok = check(true);
        QVERIFY(ok.ok());
        QVERIFY(static_cast<bool>(ok));
        ok.value(); // callable on success, returns nothing

        auto bad = check(false);
        QVERIFY(!bad.ok());
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, 2);
        QCOMPARE(std::move(bad).error().message, std::string("bad"));

        Expected<void, Failure> defaulted;
        QVERIFY(defaulted.ok());
    }
};

QTEST_APPLESS_MAIN(TestExpected)
#include "tst_expected.moc"
