'''python-dbusmock template: Plasma's job view server (org.kde.JobViewServerV2).

requestView creates /JobViewServer/JobView_N with the org.kde.JobViewV3 methods update and
terminate (their calls are in each view's call log: org.freedesktop.DBus.Mock.GetMethodCalls).
Tests press the view's buttons with org.freedesktop.DBus.Mock.EmitSignal on the view object.
Parameter "ReplyDelay" (seconds, default 0) makes requestView answer late, as a busy
plasmashell would.
'''

import time

import dbus

from dbusmock import mockobject

BUS_NAME = 'org.kde.JobViewServer'
MAIN_OBJ = '/JobViewServer'
MAIN_IFACE = 'org.kde.JobViewServerV2'
VIEW_IFACE = 'org.kde.JobViewV3'
SYSTEM_BUS = False


def load(mock, parameters):
    delay = float(parameters.get('ReplyDelay', 0))
    counter = [0]

    def request_view(self, desktop_entry, capabilities, hints):
        # pylint: disable=unused-argument
        if delay:
            time.sleep(delay)
        counter[0] += 1
        path = f'{MAIN_OBJ}/JobView_{counter[0]}'
        self.AddObject(path, VIEW_IFACE, {}, [])
        mockobject.objects[path].AddMethods(VIEW_IFACE, [
            ('update', 'a{sv}', '', ''),
            ('terminate', 'usa{sv}', '', ''),
        ])
        return dbus.ObjectPath(path)

    mock.AddMethods(MAIN_IFACE, [('requestView', 'sia{sv}', 'o', request_view)])
