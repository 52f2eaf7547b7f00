// The seed article's memory experiment, in C++: three ways to copy one file to a slow
// destination, with the process's resident set size sampled every 20 ms.
//
//   whole      read the whole file into memory, then write it
//   unbounded  a reader thread queues every chunk it reads; the writer takes them in order
//   bounded    a fixed pool of `depth` chunks; the reader blocks when none is free
//              (backpressure), which is what Sluice's stream engine does
//
// The destination is made slow by pacing the writer at --write-rate bytes/s (sleeping
// after each chunk), so the picture is the same on any machine and any disk.
//
// usage: seed-experiment --strategy whole|unbounded|bounded --source FILE --destination FILE
//                        [--chunk BYTES] [--depth N] [--write-rate BYTES_PER_S]
//                        [--samples CSV]
// Prints one line: strategy, peak resident set size (bytes), elapsed time (ms).
// The CSV holds "milliseconds,resident_bytes" rows. Exit status 0 on success, 1 on an I/O
// error (reported with the path, the operation and strerror), 2 on bad usage.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Settings
{
    std::string strategy;
    std::string source;
    std::string destination;
    std::string samples;
    std::size_t chunk = 1 << 20;
    std::size_t depth = 8;
    double writeRate = 100.0 * (1 << 20); // bytes/s
};

[[noreturn]] void failIo(const char *operation, const std::string &path)
{
    std::fprintf(stderr, "seed-experiment: cannot %s '%s': %s\n", operation, path.c_str(),
                 std::strerror(errno));
    std::exit(1);
}

/// Resident set size of this process in bytes, from /proc/self/statm (proc(5)).
long long residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    long long pages = 0;
    long long resident = 0;
    statm >> pages >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

/// Samples residentBytes() every 20 ms on its own thread until stopped.
class RssSampler
{
public:
    RssSampler()
        : m_start(Clock::now())
        , m_thread([this] { run(); })
    {}
    ~RssSampler() { stop(); }
    RssSampler(const RssSampler &) = delete;
    RssSampler &operator=(const RssSampler &) = delete;

    void stop()
    {
        if (!m_thread.joinable())
            return;
        m_stop = true;
        m_thread.join();
        record();
    }
    long long peak() const
    {
        long long peakBytes = 0;
        for (const auto &sample : m_samples)
            peakBytes = std::max(peakBytes, sample.second);
        return peakBytes;
    }
    void write(const std::string &path) const
    {
        std::ofstream out(path);
        out << "ms,resident_bytes\n";
        for (const auto &[ms, bytes] : m_samples)
            out << ms << ',' << bytes << '\n';
    }

private:
    void run()
    {
        while (!m_stop) {
            record();
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    void record()
    {
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_start).count();
        m_samples.emplace_back(ms, residentBytes());
    }

    Clock::time_point m_start;
    std::atomic<bool> m_stop{false};
    std::vector<std::pair<long long, long long>> m_samples;
    std::thread m_thread;
};

/// Reads up to `size` bytes, retrying EINTR and short counts; returns the count (0 at EOF).
std::size_t readFull(int fd, char *buffer, std::size_t size, const std::string &path)
{
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::read(fd, buffer + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            failIo("read", path);
        if (n == 0)
            break;
        done += std::size_t(n);
    }
    return done;
}

/// Writes everything, then sleeps so the average rate stays at `rate` bytes/s: a slow
/// destination that behaves the same on every machine.
class PacedWriter
{
public:
    PacedWriter(int fd, std::string path, double rate)
        : m_fd(fd)
        , m_path(std::move(path))
        , m_rate(rate)
        , m_start(Clock::now())
    {}
    void write(const char *data, std::size_t size)
    {
        std::size_t done = 0;
        while (done < size) {
            const ssize_t n = ::write(m_fd, data + done, size - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                failIo("write", m_path);
            done += std::size_t(n);
        }
        m_written += size;
        const auto due = m_start
                         + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(double(m_written) / m_rate));
        std::this_thread::sleep_until(due);
    }

private:
    int m_fd;
    std::string m_path;
    double m_rate;
    Clock::time_point m_start;
    std::size_t m_written = 0;
};

void copyWhole(int in, PacedWriter &out, const Settings &settings)
{
    // Like Python's f.read(): one buffer of the file's size, filled, then written.
    struct stat st = {};
    if (::fstat(in, &st) != 0)
        failIo("stat", settings.source);
    const auto capacity = std::size_t(st.st_size);
    const auto data = std::make_unique_for_overwrite<char[]>(capacity);
    const std::size_t size = readFull(in, data.get(), capacity, settings.source);
    for (std::size_t offset = 0; offset < size; offset += settings.chunk)
        out.write(data.get() + offset, std::min(settings.chunk, size - offset));
}

void copyUnbounded(int in, PacedWriter &out, const Settings &settings)
{
    struct Chunk
    {
        std::unique_ptr<char[]> data;
        std::size_t size;
    };
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Chunk> queue;
    bool ended = false;
    std::thread reader([&] {
        for (;;) {
            Chunk chunk{std::make_unique_for_overwrite<char[]>(settings.chunk), 0};
            chunk.size = readFull(in, chunk.data.get(), settings.chunk, settings.source);
            const std::lock_guard lock(mutex);
            if (chunk.size == 0) {
                ended = true;
                ready.notify_one();
                return;
            }
            queue.push_back(std::move(chunk));
            ready.notify_one();
        }
    });
    for (;;) {
        std::unique_lock lock(mutex);
        ready.wait(lock, [&] { return ended || !queue.empty(); });
        if (queue.empty())
            break;
        Chunk chunk = std::move(queue.front());
        queue.pop_front();
        lock.unlock();
        out.write(chunk.data.get(), chunk.size);
    }
    reader.join();
}

void copyBounded(int in, PacedWriter &out, const Settings &settings)
{
    std::vector<std::unique_ptr<char[]>> pool;
    std::deque<char *> freeChunks;
    for (std::size_t i = 0; i < settings.depth; ++i) {
        pool.push_back(std::make_unique_for_overwrite<char[]>(settings.chunk));
        freeChunks.push_back(pool.back().get());
    }
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::pair<char *, std::size_t>> filled;
    bool ended = false;
    std::thread reader([&] {
        for (;;) {
            char *buffer = nullptr;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return !freeChunks.empty(); }); // backpressure
                buffer = freeChunks.front();
                freeChunks.pop_front();
            }
            const std::size_t n = readFull(in, buffer, settings.chunk, settings.source);
            const std::lock_guard lock(mutex);
            if (n == 0) {
                ended = true;
                changed.notify_all();
                return;
            }
            filled.emplace_back(buffer, n);
            changed.notify_all();
        }
    });
    for (;;) {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return ended || !filled.empty(); });
        if (filled.empty())
            break;
        const auto [buffer, size] = filled.front();
        filled.pop_front();
        lock.unlock();
        out.write(buffer, size);
        lock.lock();
        freeChunks.push_back(buffer);
        changed.notify_all();
    }
    reader.join();
}

std::optional<Settings> parse(int argc, char **argv)
{
    Settings settings;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string_view name = argv[i];
        const std::string value = argv[i + 1];
        if (name == "--strategy")
            settings.strategy = value;
        else if (name == "--source")
            settings.source = value;
        else if (name == "--destination")
            settings.destination = value;
        else if (name == "--samples")
            settings.samples = value;
        else if (name == "--chunk")
            settings.chunk = std::stoull(value);
        else if (name == "--depth")
            settings.depth = std::stoull(value);
        else if (name == "--write-rate")
            settings.writeRate = std::stod(value);
        else
            return std::nullopt;
    }
    if (argc % 2 == 0 || settings.source.empty() || settings.destination.empty()
        || settings.chunk == 0 || settings.depth == 0 || settings.writeRate <= 0
        || (settings.strategy != "whole" && settings.strategy != "unbounded"
            && settings.strategy != "bounded"))
        return std::nullopt;
    return settings;
}

} // namespace

int main(int argc, char **argv)
{
    const std::optional<Settings> settings = parse(argc, argv);
    if (!settings) {
        std::fprintf(stderr,
                     "usage: seed-experiment --strategy whole|unbounded|bounded --source FILE "
                     "--destination FILE [--chunk BYTES] [--depth N] [--write-rate BYTES_PER_S] "
                     "[--samples CSV]\n");
        return 2;
    }
    const int in = ::open(settings->source.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0)
        failIo("open", settings->source);
    const int out =
        ::open(settings->destination.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0)
        failIo("create", settings->destination);

    const auto start = Clock::now();
    RssSampler sampler;
    PacedWriter writer(out, settings->destination, settings->writeRate);
    if (settings->strategy == "whole")
        copyWhole(in, writer, *settings);
    else if (settings->strategy == "unbounded")
        copyUnbounded(in, writer, *settings);
    else
        copyBounded(in, writer, *settings);
    sampler.stop();
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (::close(out) != 0)
        failIo("close", settings->destination);
    ::close(in);
    if (!settings->samples.empty())
        sampler.write(settings->samples);
    std::printf("%s %lld %lld\n", settings->strategy.c_str(), sampler.peak(),
                static_cast<long long>(elapsed));
    return 0;
}
