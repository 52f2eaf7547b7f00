// Issue 3, case 11, and trees deeper than PATH_MAX: names are bytes, copied byte for byte
// (invalid UTF-8, NFC and NFD kept apart, emoji, 255-byte names), and a tree whose paths
// exceed PATH_MAX copies through directory descriptors.

#include "fshelpers.h"
#include "jobrunner.h"
#include "testmount.h"
#include "testtree.h"

#include <QTest>

#include <climits>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

using namespace Sluice;

namespace {

const QList<QByteArray> &oddNames()
{
    static const QList<QByteArray> names{
        "caf\xc3\xa9",        // NFC: é as one code point
        "cafe\xcc\x81",       // NFD: e + combining acute
        "bad \xff\xfe bytes", // not UTF-8 at all
        "\x80 lone continuation",
        "truncated \xe2\x82",                                  // a 3-byte sequence cut short
        "overlong \xc0\xaf",                                   // overlong '/'
        "surrogate \xed\xa0\x80",                              // UTF-16 surrogate encoded in UTF-8
        "\xf0\x9f\x98\x80 smile",                              // emoji
        "family \xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7", // ZWJ sequence
        "flag \xf0\x9f\x87\xa9\xf0\x9f\x87\xaa",               // regional indicators
        "new\nline",
        "tab\tand\x01control",
        "back\\slash",
        " leading space",
        "trailing dot.",
        "-starts-with-dash",
        "%41 percent #hash",
    };
    return names;
}

// 255 bytes, the longest name Linux allows: its part-file name cannot simply add to it.
QByteArray longestName()
{
    QByteArray name;
    while (name.size() + 2 <= NAME_MAX)
        name += "\xc3\xa9"; // é
    while (name.size() < NAME_MAX)
        name += 'x';
    return name;
}

QList<QByteArray> namesIn(const QByteArray &folder)
{
    QList<QByteArray> names;
    DIR *dir = ::opendir(folder.constData());
    while (dir) {
        const dirent *entry = ::readdir(dir);
        if (!entry)
            break;
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names << name;
    }
    if (dir)
        ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

class TestNames final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { FS_REQUIRE_ROOT(); }
    void namesAreCopiedByteForByte_data();
    void namesAreCopiedByteForByte();
    void treeDeeperThanPathMaxCopies_data();
    void treeDeeperThanPathMaxCopies();
    void deepTreeThroughTheCli();
};

void TestNames::namesAreCopiedByteForByte_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<bool>("throughCli");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Xfs, FsKind::Btrfs})
        QTest::newRow(qPrintable(fsKindName(fs))) << fs << false;
    QTest::newRow("ext4, sluice-cli") << FsKind::Ext4 << true;
}

void TestNames::namesAreCopiedByteForByte()
{
    QFETCH(FsKind, fs);
    QFETCH(bool, throughCli);
    FS_MOUNT(disk, fs, 64 * MiB);
    const QByteArray source = disk->path("names");
    QVERIFY(TestTree::makePath(source + "/folder \xfe\xff"));
    QList<QByteArray> expected;
    quint32 seed = 200;
    for (const QByteArray &name : oddNames()) {
        ++seed;
        QVERIFY2(TestTree::writePatternFile(source + '/' + name, 1000 + seed, seed),
                 name.toPercentEncoding().constData());
        expected << name;
    }
    QVERIFY(TestTree::writePatternFile(source + '/' + longestName(), 2 * MiB, ++seed));
    expected << longestName();
    QVERIFY(TestTree::writeFile(source + "/folder \xfe\xff/inner \xf0\x9f\x98\x80", "inner"));
    expected << "folder \xfe\xff";
    std::sort(expected.begin(), expected.end());
    QCOMPARE(namesIn(source), expected); // the file system kept them apart too
    QVERIFY(TestTree::makePath(disk->path("out")));

    if (throughCli) {
        const FsHelpers::ChildRun run = FsHelpers::runCli(
            {"--on-conflict", "overwrite", "--on-error", "skip", source, disk->path("out")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    } else {
        const JobRunner::Run run =
            JobRunner::run({source}, disk->path("out"), JobRunner::quickOptions());
        QVERIFY2(run.result.status == CopyStatus::Succeeded,
                 qPrintable(FsHelpers::describeIssues(run.result)));
        QCOMPARE(run.result.itemsCopied, qint64(expected.size() + 2));
    }

    QCOMPARE(namesIn(disk->path("out/names")), expected);
    QCOMPARE(namesIn(disk->path("out/names/folder \xfe\xff")),
             QList<QByteArray>{"inner \xf0\x9f\x98\x80"});
    // NFC and NFD are two files with their own content.
    QVERIFY(FsHelpers::fileDigest(disk->path("out/names/caf\xc3\xa9"))
            != FsHelpers::fileDigest(disk->path("out/names/cafe\xcc\x81")));
    const QStringList differences = TestTree::compareTrees(source, disk->path("out/names"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QVERIFY(TestTree::findPartFiles(disk->path("out")).isEmpty());
}

void TestNames::treeDeeperThanPathMaxCopies_data()
{
    QTest::addColumn<FsKind>("fs");
    QTest::addColumn<bool>("archive");
    for (const FsKind fs : {FsKind::Tmpfs, FsKind::Ext4, FsKind::Btrfs})
        QTest::newRow(qPrintable(fsKindName(fs))) << fs << false;
    QTest::newRow("ext4, archive") << FsKind::Ext4 << true;
}

void TestNames::treeDeeperThanPathMaxCopies()
{
    QFETCH(FsKind, fs);
    QFETCH(bool, archive);
    FS_MOUNT(disk, fs, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("deep")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    // 45 levels of 200-byte names: the deepest path is over 9000 bytes, twice PATH_MAX.
    constexpr int Depth = 45;
    const QByteArray component(200, 'd');
    QVERIFY(FsHelpers::makeDeepTree(disk->path("deep"), Depth, component));
    QVERIFY(Depth * (component.size() + 1) > qsizetype(2) * PATH_MAX);

    CopyOptions options = JobRunner::quickOptions();
    if (archive)
        options.preserve = PreserveOptions::archive();
    const JobRunner::Run run = JobRunner::run({disk->path("deep")}, disk->path("out"), options);

    QVERIFY2(run.result.status == CopyStatus::Succeeded,
             qPrintable(FsHelpers::describeIssues(run.result)));
    QCOMPARE(run.result.itemsCopied, qint64(1 + 2 * Depth));
    const QStringList differences =
        FsHelpers::compareDeep(disk->path("deep"), disk->path("out/deep"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    QCOMPARE(FsHelpers::treeFingerprint(disk->path("out/deep")),
             FsHelpers::treeFingerprint(disk->path("deep")));
}

void TestNames::deepTreeThroughTheCli()
{
    FS_MOUNT(disk, FsKind::Ext4, 64 * MiB);
    QVERIFY(TestTree::makePath(disk->path("deep")));
    QVERIFY(TestTree::makePath(disk->path("out")));
    QVERIFY(FsHelpers::makeDeepTree(disk->path("deep"), 30, QByteArray(250, 'e')));

    const FsHelpers::ChildRun run =
        FsHelpers::runCli({"--on-conflict", "overwrite", "--on-error", "skip", disk->path("deep"),
                           disk->path("out")});

    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QStringList differences =
        FsHelpers::compareDeep(disk->path("deep"), disk->path("out/deep"));
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestNames)
#include "tst_names.moc"
