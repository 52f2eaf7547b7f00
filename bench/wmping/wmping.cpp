// wmping: measures how quickly a window's GUI thread answers, from outside, the way a
// window manager does. Sends the EWMH _NET_WM_PING client message (Extended Window Manager
// Hints 1.5, "_NET_WM_PING") to the top-level window of process PID every INTERVAL ms and
// records each round trip; the client answers by sending the message back to the root
// window from its event loop. Needs an X server without a window manager (Xvfb), since it
// listens on the root window for the answers.
//
//   wmping PID [INTERVAL_MS] [MAX_SECONDS] [IDLE_TITLE]
//
// Stops at MAX_SECONDS (default 600), on SIGINT/SIGTERM, or once the window's title has
// changed and come back to the idle title (a copy started and finished: Sluice shows
// "N % copied · Sluice" meanwhile). The idle title is IDLE_TITLE when given (a window found
// only after its copy started shows the copy's title first), else the title at the start.
//
// Prints one line: the number of round trips, their p50, p99 and max in ms, the seconds
// between the title's change and its return ("busy", -1 without one), and the GUI thread's
// own CPU time and its time runnable but not running (/proc/PID/task/PID/schedstat, ms)
// over the same span, and when the longest round trip started (CLOCK_MONOTONIC seconds, as
// `perf record -k CLOCK_MONOTONIC` stamps its samples). With a busy span, only the round
// trips sent within it count: the figures are those of the window while it copies.
// With WMPING_TRACE=FILE in the environment, every round trip is also written to FILE, one
// line each: when it was sent (CLOCK_MONOTONIC seconds) and its time in ms.

#include <xcb/xcb.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <poll.h>
#include <string>
#include <vector>

namespace {

volatile std::sig_atomic_t stopRequested = 0;

using Clock = std::chrono::steady_clock;

xcb_atom_t atom(xcb_connection_t *connection, const char *name)
{
    xcb_intern_atom_reply_t *reply = xcb_intern_atom_reply(
        connection, xcb_intern_atom(connection, 0, std::uint16_t(std::strlen(name)), name),
        nullptr);
    const xcb_atom_t value = reply ? reply->atom : xcb_atom_t(XCB_ATOM_NONE);
    std::free(reply);
    return value;
}

std::optional<std::string> property(xcb_connection_t *connection, xcb_window_t window,
                                    xcb_atom_t name, xcb_atom_t type)
{
    xcb_get_property_reply_t *reply = xcb_get_property_reply(
        connection, xcb_get_property(connection, 0, window, name, type, 0, 1024), nullptr);
    if (!reply || reply->type == XCB_ATOM_NONE) {
        std::free(reply);
        return std::nullopt;
    }
    std::string value(static_cast<const char *>(xcb_get_property_value(reply)),
                      std::size_t(xcb_get_property_value_length(reply)));
    std::free(reply);
    return value;
}

// The mapped top-level window whose _NET_WM_PID is @p pid and that takes _NET_WM_PING.
xcb_window_t findWindow(xcb_connection_t *connection, xcb_window_t root, std::uint32_t pid,
                        xcb_atom_t pidAtom)
{
    xcb_query_tree_reply_t *tree =
        xcb_query_tree_reply(connection, xcb_query_tree(connection, root), nullptr);
    if (!tree)
        return XCB_WINDOW_NONE;
    xcb_window_t found = XCB_WINDOW_NONE;
    const xcb_window_t *children = xcb_query_tree_children(tree);
    for (int i = 0; i < xcb_query_tree_children_length(tree) && found == XCB_WINDOW_NONE; ++i) {
        xcb_get_window_attributes_reply_t *attributes = xcb_get_window_attributes_reply(
            connection, xcb_get_window_attributes(connection, children[i]), nullptr);
        const bool mapped = attributes && attributes->map_state == XCB_MAP_STATE_VIEWABLE;
        std::free(attributes);
        const auto owner = property(connection, children[i], pidAtom, XCB_ATOM_CARDINAL);
        // Qt's own helper windows (the client leader) carry the pid too, but no WM_CLASS.
        const bool hasClass =
            property(connection, children[i], XCB_ATOM_WM_CLASS, XCB_ATOM_STRING).has_value();
        if (mapped && hasClass && owner && owner->size() == 4
            && *reinterpret_cast<const std::uint32_t *>(owner->data()) == pid)
            found = children[i];
    }
    std::free(tree);
    return found;
}

// The main (GUI) thread's time on a CPU and time runnable but waiting for one, in ns
// (the first two fields of /proc/PID/task/PID/schedstat; the main thread's id is the pid).
struct SchedStat
{
    double runNs = 0;
    double waitNs = 0;
};

SchedStat schedStat(std::uint32_t pid)
{
    SchedStat stat;
    std::ifstream file("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid)
                       + "/schedstat");
    file >> stat.runNs >> stat.waitNs;
    return stat;
}

struct RoundTrip
{
    Clock::time_point sentAt;
    double ms = 0;
};

double percentile(std::vector<double> values, double fraction)
{
    if (values.empty())
        return -1;
    std::sort(values.begin(), values.end());
    return values[std::size_t(std::lround(fraction * double(values.size() - 1)))];
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PID [INTERVAL_MS] [MAX_SECONDS] [IDLE_TITLE]\n", argv[0]);
        return 2;
    }
    const auto pid = std::uint32_t(std::strtoul(argv[1], nullptr, 10));
    const int intervalMs = argc > 2 ? std::atoi(argv[2]) : 20;
    const double maxSeconds = argc > 3 ? std::atof(argv[3]) : 600;
    const std::optional<std::string> idleTitle =
        argc > 4 ? std::optional<std::string>(argv[4]) : std::nullopt;
    std::signal(SIGINT, [](int) { stopRequested = 1; });
    std::signal(SIGTERM, [](int) { stopRequested = 1; });

    xcb_connection_t *connection = xcb_connect(nullptr, nullptr);
    if (xcb_connection_has_error(connection)) {
        std::fprintf(stderr, "wmping: cannot connect to the X server\n");
        return 1;
    }
    const xcb_window_t root = xcb_setup_roots_iterator(xcb_get_setup(connection)).data->root;
    const xcb_atom_t protocols = atom(connection, "WM_PROTOCOLS");
    const xcb_atom_t ping = atom(connection, "_NET_WM_PING");
    const xcb_atom_t pidAtom = atom(connection, "_NET_WM_PID");
    const xcb_atom_t nameAtom = atom(connection, "_NET_WM_NAME");
    const xcb_atom_t utf8 = atom(connection, "UTF8_STRING");

    const Clock::time_point start = Clock::now();
    xcb_window_t window = XCB_WINDOW_NONE;
    while (window == XCB_WINDOW_NONE && !stopRequested) {
        window = findWindow(connection, root, pid, pidAtom);
        if (std::chrono::duration<double>(Clock::now() - start).count() > 60) {
            std::fprintf(stderr, "wmping: no window of process %u\n", pid);
            return 1;
        }
        if (window == XCB_WINDOW_NONE)
            poll(nullptr, 0, 50);
    }
    // The answers go to the root window, to whoever selects StructureNotify or
    // SubstructureRedirect there (Qt's xcb plugin sends them with both masks).
    const std::uint32_t rootMask = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
    xcb_change_window_attributes(connection, root, XCB_CW_EVENT_MASK, &rootMask);
    const std::uint32_t windowMask = XCB_EVENT_MASK_PROPERTY_CHANGE;
    xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK, &windowMask);
    xcb_flush(connection);
    const std::string initialTitle = property(connection, window, nameAtom, utf8).value_or("");
    std::fprintf(stderr, "wmping: window 0x%x \"%s\"\n", window, initialTitle.c_str());
    const std::string restTitle = idleTitle.value_or(initialTitle);

    std::vector<RoundTrip> roundTrips;
    std::uint32_t sent = 0;
    std::uint32_t waitingFor = 0;
    Clock::time_point sentAt;
    Clock::time_point nextPing = Clock::now();
    std::optional<Clock::time_point> titleChanged;
    std::optional<Clock::time_point> titleBack;
    SchedStat atStart = schedStat(pid);
    SchedStat atChange = atStart;
    SchedStat atBack;
    if (initialTitle != restTitle)
        titleChanged = Clock::now(); // found while it already copies
    const int fd = xcb_get_file_descriptor(connection);
    while (!stopRequested && !titleBack
           && std::chrono::duration<double>(Clock::now() - start).count() < maxSeconds) {
        const Clock::time_point now = Clock::now();
        if (waitingFor == 0 && now >= nextPing) {
            xcb_client_message_event_t message{};
            message.response_type = XCB_CLIENT_MESSAGE;
            message.format = 32;
            message.window = window;
            message.type = protocols;
            message.data.data32[0] = ping;
            message.data.data32[1] = ++sent; // the "timestamp": our sequence number
            message.data.data32[2] = window;
            xcb_send_event(connection, 0, window, XCB_EVENT_MASK_NO_EVENT,
                           reinterpret_cast<const char *>(&message));
            xcb_flush(connection);
            waitingFor = sent;
            sentAt = now;
            nextPing = now + std::chrono::milliseconds(intervalMs);
        }
        pollfd readable{fd, POLLIN, 0};
        poll(&readable, 1, 5);
        while (xcb_generic_event_t *event = xcb_poll_for_event(connection)) {
            const int type = event->response_type & 0x7f;
            if (type == XCB_CLIENT_MESSAGE) {
                const auto *answer = reinterpret_cast<xcb_client_message_event_t *>(event);
                if (answer->data.data32[0] == ping && answer->data.data32[1] == waitingFor) {
                    roundTrips.push_back(
                        {sentAt,
                         std::chrono::duration<double, std::milli>(Clock::now() - sentAt).count()});
                    waitingFor = 0;
                }
            } else if (type == XCB_PROPERTY_NOTIFY) {
                const auto *change = reinterpret_cast<xcb_property_notify_event_t *>(event);
                if (change->atom == nameAtom) {
                    const std::string title =
                        property(connection, window, nameAtom, utf8).value_or("");
                    if (!titleChanged && title != restTitle) {
                        titleChanged = Clock::now();
                        atChange = schedStat(pid);
                    } else if (titleChanged && title == restTitle) {
                        titleBack = Clock::now();
                        atBack = schedStat(pid);
                    }
                }
            }
            std::free(event);
        }
    }
    // A ping still unanswered counts with the time it has waited so far.
    if (waitingFor != 0)
        roundTrips.push_back(
            {sentAt, std::chrono::duration<double, std::milli>(Clock::now() - sentAt).count()});
    if (!titleBack)
        atBack = schedStat(pid);
    const bool spanned = titleChanged && titleBack;
    const double busy =
        spanned ? std::chrono::duration<double>(*titleBack - *titleChanged).count() : -1;
    const SchedStat from = titleChanged ? atChange : atStart;
    if (const char *trace = std::getenv("WMPING_TRACE")) {
        std::ofstream out(trace);
        for (const RoundTrip &trip : roundTrips)
            out << std::fixed
                << std::chrono::duration<double>(trip.sentAt.time_since_epoch()).count() << ' '
                << trip.ms << '\n';
    }
    std::vector<double> counted;
    double worst = -1;
    Clock::time_point worstAt;
    for (const RoundTrip &trip : roundTrips) {
        if (spanned && (trip.sentAt < *titleChanged || trip.sentAt > *titleBack))
            continue;
        counted.push_back(trip.ms);
        if (trip.ms > worst) {
            worst = trip.ms;
            worstAt = trip.sentAt;
        }
    }
    std::printf("pings %zu p50 %.1f p99 %.1f max %.1f ms busy %.2f s gui-run %.0f ms gui-wait "
                "%.0f ms worst-at %.3f\n",
                counted.size(), percentile(counted, 0.5), percentile(counted, 0.99), worst, busy,
                (atBack.runNs - from.runNs) / 1e6, (atBack.waitNs - from.waitNs) / 1e6,
                std::chrono::duration<double>(worstAt.time_since_epoch()).count());
    xcb_disconnect(connection);
    return 0;
}
