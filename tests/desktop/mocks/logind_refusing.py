'''python-dbusmock template: a logind (org.freedesktop.login1) that refuses every Inhibit.

Inhibit fails with org.freedesktop.DBus.Error.AccessDenied, as logind does when polkit says
no; each call is in the call log (org.freedesktop.DBus.Mock.GetMethodCalls).
'''

import dbus

BUS_NAME = 'org.freedesktop.login1'
MAIN_OBJ = '/org/freedesktop/login1'
MAIN_IFACE = 'org.freedesktop.login1.Manager'
SYSTEM_BUS = True


def load(mock, parameters):
    # pylint: disable=unused-argument
    def inhibit(self, what, who, why, mode):
        # pylint: disable=unused-argument
        raise dbus.exceptions.DBusException('Permission denied',
                                            name='org.freedesktop.DBus.Error.AccessDenied')

    mock.AddMethods(MAIN_IFACE, [('Inhibit', 'ssss', 'h', inhibit)])
