'''python-dbusmock template: the desktop portal's Inhibit interface (org.freedesktop.portal.Inhibit).

Inhibit(window, flags, options) answers with a new request object
/org/freedesktop/portal/desktop/request/mock/inhibit_N that has org.freedesktop.portal.Request's
Close method; the inhibitor lasts until Close is called (see the portal documentation,
https://flatpak.github.io/xdg-desktop-portal/docs/doc-org.freedesktop.portal.Inhibit.html).
Calls to Inhibit are in the main object's call log and calls to Close in each request's
(org.freedesktop.DBus.Mock.GetMethodCalls).
'''

import dbus

from dbusmock import mockobject

BUS_NAME = 'org.freedesktop.portal.Desktop'
MAIN_OBJ = '/org/freedesktop/portal/desktop'
MAIN_IFACE = 'org.freedesktop.portal.Inhibit'
REQUEST_IFACE = 'org.freedesktop.portal.Request'
SYSTEM_BUS = False


def load(mock, parameters):
    # pylint: disable=unused-argument
    counter = [0]

    def inhibit(self, window, flags, options):
        # pylint: disable=unused-argument
        counter[0] += 1
        path = f'{MAIN_OBJ}/request/mock/inhibit_{counter[0]}'
        self.AddObject(path, REQUEST_IFACE, {}, [])
        mockobject.objects[path].AddMethods(REQUEST_IFACE, [('Close', '', '', '')])
        return dbus.ObjectPath(path)

    mock.AddMethods(MAIN_IFACE, [('Inhibit', 'sua{sv}', 'o', inhibit)])
