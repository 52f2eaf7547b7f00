// Pure units of core/: size parsing, native paths, collision names, rates, the token bucket.

#include "collision.h"
#include "copyissue.h"
#include "copyoptions.h"
#include "copyprogress.h"
#include "nativepath.h"
#include "partfile.h"
#include "posixio.h"
#include "ratemeter.h"
#include "testprinters.h"

#include <QTest>

#include <cstring>

using namespace Sluice;
using namespace Qt::StringLiterals;

class TestUnits final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parseByteSizeAcceptsUnits_data();
    void parseByteSizeAcceptsUnits();
    void parseByteSizeRejectsNonsense_data();
    void parseByteSizeRejectsNonsense();
    void parseByteRateAcceptsPerSecond();
    void nativePathRoundTripsAnyBytes_data();
    void nativePathRoundTripsAnyBytes();
    void displayedPathsEscapeBytesThatAreNotUtf8();
    void fileUrlKeepsEveryByte();
    void fileUrlRefusesRemoteUrls();
    void baseAndParentNames();
    void numberedNames_data();
    void numberedNames();
    void partFileNamesStayWithinNameMax();
    void rateMeterExcludesPausedTime();
    void rateMeterSlidesItsWindow();
    void tokenBucketHoldsTheRate();
    void tokenBucketUnlimitedNeverWaits();
    void perMilleCoversHugeTotals();
    void optionsValidation();
    void errnoTextWithoutTranslatorIsStrerror();
    void issueMessageWithoutTranslatorIsEnglish();
};

void TestUnits::parseByteSizeAcceptsUnits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("bytes");
    QTest::newRow("plain") << "4096" << qint64(4096);
    QTest::newRow("K") << "64K" << qint64(64 * 1024);
    QTest::newRow("k lower") << "64k" << qint64(64 * 1024);
    QTest::newRow("KiB") << "64KiB" << qint64(64 * 1024);
    QTest::newRow("M") << "1M" << qint64(1024 * 1024);
    QTest::newRow("MiB") << "4MiB" << qint64(4 * 1024 * 1024);
    QTest::newRow("MB is SI") << "2MB" << qint64(2'000'000);
    QTest::newRow("kB is SI") << "2kB" << qint64(2000);
    QTest::newRow("G fraction") << "1.5G" << qint64(1536) * 1024 * 1024;
    QTest::newRow("T") << "2T" << qint64(2) * 1024 * 1024 * 1024 * 1024;
    QTest::newRow("bytes suffix") << "512B" << qint64(512);
    QTest::newRow("spaces") << " 8 M " << qint64(8 * 1024 * 1024);
}

void TestUnits::parseByteSizeAcceptsUnits()
{
    QFETCH(QString, text);
    QFETCH(qint64, bytes);
    const auto parsed = parseByteSize(text);
    QVERIFY(parsed.has_value());
    QCOMPARE(*parsed, bytes);
}

void TestUnits::parseByteSizeRejectsNonsense_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("negative") << "-1M";
    QTest::newRow("unknown unit") << "5X";
    QTest::newRow("words") << "lots";
    QTest::newRow("rate where size expected") << "5M/s";
    QTest::newRow("overflow") << "99999999T";
}

void TestUnits::parseByteSizeRejectsNonsense()
{
    QFETCH(QString, text);
    QVERIFY(!parseByteSize(text).has_value());
}

void TestUnits::parseByteRateAcceptsPerSecond()
{
    QCOMPARE(parseByteRate(u"10M").value(), 10 * MiB);
    QCOMPARE(parseByteRate(u"10MiB/s").value(), 10 * MiB);
    QCOMPARE(parseByteRate(u"500k/s").value(), 500 * KiB);
}

void TestUnits::nativePathRoundTripsAnyBytes_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("ascii") << QByteArray("/tmp/plain");
    QTest::newRow("utf8") << QByteArray("/tmp/Grüße/файл/😀");
    QTest::newRow("invalid ff") << QByteArray("/tmp/a\xff\xfe");
    QTest::newRow("lone continuation") << QByteArray("x\x80y");
    QTest::newRow("overlong slash") << QByteArray("x\xc0\xafy");
    QTest::newRow("encoded surrogate") << QByteArray("x\xed\xa0\x80y");
    QTest::newRow("truncated") << QByteArray("x\xe2\x82");
    QTest::newRow("emoji then invalid") << QByteArray("\xf0\x9f\x92\x80\xdc");
    QTest::newRow("newline percent") << QByteArray("a\nb%41#c");
}

void TestUnits::nativePathRoundTripsAnyBytes()
{
    QFETCH(QByteArray, bytes);
    const QString text = NativePath::fromNativeLossless(bytes);
    QCOMPARE(NativePath::toNative(text), bytes);
}

// Messages show a name that is not UTF-8 with its odd bytes as \xHH, so that the name can be
// found again; valid UTF-8 (and a literal backslash) is shown as it is.
void TestUnits::displayedPathsEscapeBytesThatAreNotUtf8()
{
    QCOMPARE(NativePath::toDisplay("/tmp/a\xff"), QStringLiteral("/tmp/a\\xFF"));
    QCOMPARE(NativePath::toDisplay("x\xc0\xafy\xe2\x82"), QStringLiteral("x\\xC0\\xAFy\\xE2\\x82"));
    QCOMPARE(NativePath::toDisplay("Grüße \xf0\x9f\x98\x80\\x\x80"),
             QStringLiteral("Grüße 😀\\x\\x80"));
    QCOMPARE(NativePath::toDisplay("plain"), QStringLiteral("plain"));
    QVERIFY(NativePath::isValidUtf8("Grüße/файл/😀"));
    QVERIFY(NativePath::isValidUtf8(""));
    QVERIFY(!NativePath::isValidUtf8("a\xff"));
    QVERIFY(!NativePath::isValidUtf8("x\xed\xa0\x80y")); // an encoded surrogate
    QVERIFY(!NativePath::isValidUtf8("x\xc0\xaf"));      // overlong '/'
}

void TestUnits::fileUrlKeepsEveryByte()
{
    const QByteArray path("/tmp/odd name #%41\n\xff.txt");
    const QUrl url = NativePath::toLocalFileUrl(path);
    QVERIFY(url.isLocalFile());
    QCOMPARE(NativePath::fromLocalFileUrl(url).value(), path);
    // As a file manager writes it into text/uri-list.
    const QUrl dropped = QUrl::fromEncoded("file:///tmp/a%FFb%20c%2541%0A");
    QCOMPARE(NativePath::fromLocalFileUrl(dropped).value(), QByteArray("/tmp/a\xff"
                                                                       "b c%41\n"));
}

void TestUnits::fileUrlRefusesRemoteUrls()
{
    QVERIFY(!NativePath::fromLocalFileUrl(QUrl(QStringLiteral("https://example.org/a"))));
    QVERIFY(!NativePath::fromLocalFileUrl(QUrl(QStringLiteral("file://otherhost/a"))));
    QVERIFY(NativePath::fromLocalFileUrl(QUrl(QStringLiteral("file://localhost/a"))));
}

void TestUnits::baseAndParentNames()
{
    QCOMPARE(NativePath::baseName("a/b/"), QByteArray("b"));
    QCOMPARE(NativePath::baseName("/x"), QByteArray("x"));
    QCOMPARE(NativePath::parentPath("a/b"), QByteArray("a"));
    QCOMPARE(NativePath::parentPath("b"), QByteArray("."));
    QCOMPARE(NativePath::parentPath("/b"), QByteArray("/"));
    QCOMPARE(NativePath::join("/", "x"), QByteArray("/x"));
}

void TestUnits::numberedNames_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<int>("number");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("extension") << QByteArray("report.pdf") << 2 << QByteArray("report (2).pdf");
    QTest::newRow("no extension") << QByteArray("README") << 2 << QByteArray("README (2)");
    QTest::newRow("hidden") << QByteArray(".bashrc") << 3 << QByteArray(".bashrc (3)");
    QTest::newRow("renumber") << QByteArray("report (2).pdf") << 3 << QByteArray("report (3).pdf");
    QTest::newRow("double ext") << QByteArray("a.tar.gz") << 2 << QByteArray("a.tar (2).gz");
}

void TestUnits::numberedNames()
{
    QFETCH(QByteArray, name);
    QFETCH(int, number);
    QFETCH(QByteArray, expected);
    QCOMPARE(numberedName(name, number), expected);
}

void TestUnits::partFileNamesStayWithinNameMax()
{
    QCOMPARE(partFileName("a.txt"), QByteArray(".a.txt.sluice-part"));
    QVERIFY(isPartFileName(partFileName("a.txt")));
    const QByteArray longName(255, 'x');
    const QByteArray part = partFileName(longName);
    QVERIFY(part.size() <= 255);
    QVERIFY(isPartFileName(part));
    QVERIFY(partFileName(longName) != partFileName(QByteArray(254, 'x') + 'y'));
    QVERIFY(!isPartFileName("notes.txt"));
}

void TestUnits::rateMeterExcludesPausedTime()
{
    RateMeter meter(2000);
    // 100 MB/s for one second of active time...
    for (int ms = 0; ms <= 1000; ms += 100)
        meter.addSample(ms, qint64(ms) * 100'000);
    QCOMPARE(meter.rate(), qint64(100'000'000));
    // ...a pause does not advance active time, so nothing is added and the rate holds.
    meter.addSample(1000, 100'000'000);
    QCOMPARE(meter.rate(), qint64(100'000'000));
}

void TestUnits::rateMeterSlidesItsWindow()
{
    RateMeter meter(1000);
    for (int ms = 0; ms <= 2000; ms += 100)
        meter.addSample(ms, ms <= 1000 ? qint64(ms) * 1000 : 1'000'000); // then stalls
    QCOMPARE(meter.rate(), qint64(0));
}

void TestUnits::tokenBucketHoldsTheRate()
{
    TokenBucket bucket;
    const qint64 rate = 10 * MiB;
    qint64 now = 0;
    bucket.setRate(rate, now);
    qint64 written = 0;
    // Write 1 MiB chunks as fast as the bucket allows for 10 simulated seconds: each is paid
    // before it goes (0.1 s), the first one too.
    for (;;) {
        const qint64 go = bucket.reserve(MiB, now);
        if (go > 10'000'000'000LL)
            break;
        QCOMPARE(go, now + 100'000'000);
        now = go;
        written += MiB;
    }
    QCOMPARE(written, 100 * MiB); // 10 s at 10 MiB/s, not a chunk more
}

void TestUnits::tokenBucketUnlimitedNeverWaits()
{
    TokenBucket bucket;
    bucket.setRate(0, 0);
    QCOMPARE(bucket.reserve(GiB, 0), qint64(0));
    bucket.adjust(GiB);
    QCOMPARE(bucket.reserve(0, 5), qint64(5));
}

void TestUnits::perMilleCoversHugeTotals()
{
    CopyProgress progress;
    progress.bytesTotal = 5 * GiB;
    progress.bytesDone = 5 * GiB / 2;
    QCOMPARE(progress.perMille(), 500);
    progress.bytesDone = 5 * GiB;
    QCOMPARE(progress.perMille(), 1000);
    progress.bytesTotal = 0;
    progress.bytesDone = 0;
    progress.phase = CopyPhase::Finished;
    QCOMPARE(progress.perMille(), 1000);
}

void TestUnits::optionsValidation()
{
    CopyOptions options;
    QVERIFY(options.validate().isEmpty());
    options.chunkSize = 100;
    options.queueDepth = 1;
    QCOMPARE(options.validate().size(), 2);
}

// errnoText() words the common errno values itself, to make them translatable; with no
// translator installed (the CLI) every value must read exactly as strerror(3) has it.
void TestUnits::errnoTextWithoutTranslatorIsStrerror()
{
    for (int error = 1; error < 134; ++error)
        QCOMPARE(errnoText(error), QString::fromLocal8Bit(std::strerror(error)));
    QCOMPARE(errnoName(ENOSPC), u"ENOSPC"_s);
}

void TestUnits::issueMessageWithoutTranslatorIsEnglish()
{
    CopyIssue issue = CopyIssue::fromErrno(FileOperation::Write, "/mnt/usb/a.iso", ENOSPC);
    QCOMPARE(issue.message(), u"Cannot write “/mnt/usb/a.iso”: No space left on device (ENOSPC)"_s);
    issue.severity = IssueSeverity::Warning;
    issue.similarCount = 3;
    issue.detail = u"the detail"_s;
    QCOMPARE(issue.message(), u"Warning: Cannot write “/mnt/usb/a.iso” and 3 more item(s): the "
                              "detail: No space left on device (ENOSPC)"_s);
}

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
