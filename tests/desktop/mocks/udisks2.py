'''python-dbusmock template: a small UDisks2 (org.freedesktop.UDisks2) with two drives.

Drive USB_DISK (removable, can power off) holds partition sdb1, a LUKS container unlocked as
dm_2d0, whose file system (label "USB DISK") is mounted at parameter "MountPoint" and has
DeviceNumber parameter "DeviceNumber" (the st_dev a test's destination folder has). Drive
INTERNAL holds sda1, a file system mounted at "/". Every Unmount, Lock, PowerOff and Eject is
appended to one log, in order, as "OBJECT_PATH METHOD"; org.freedesktop.DBus.Mock.GetEjectLog
on /org/freedesktop/UDisks2 returns it. Parameter "BusyUnmount" makes Unmount fail with
org.freedesktop.UDisks2.Error.DeviceBusy. Parameter "Loop" puts that file system (label
"IMAGE") on loop device loop0 instead (no drive, backing file /images/disk.img; Delete is
logged too).
'''

import dbus

from dbusmock import MOCK_IFACE, mockobject

BUS_NAME = 'org.freedesktop.UDisks2'
MAIN_OBJ = '/org/freedesktop/UDisks2'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

PREFIX = '/org/freedesktop/UDisks2'
BLOCK = 'org.freedesktop.UDisks2.Block'
FILESYSTEM = 'org.freedesktop.UDisks2.Filesystem'
ENCRYPTED = 'org.freedesktop.UDisks2.Encrypted'
DRIVE = 'org.freedesktop.UDisks2.Drive'
LOOP = 'org.freedesktop.UDisks2.Loop'

EJECT_LOG = []


def logged(method, fail=None):
    def handler(self, options):
        # pylint: disable=unused-argument
        EJECT_LOG.append(f'{self.path} {method}')
        if fail:
            raise dbus.exceptions.DBusException(fail, name='org.freedesktop.UDisks2.Error.DeviceBusy')
    return handler


def add(mock, path, interfaces):
    '''interfaces: name -> (properties, methods)'''
    first = True
    for name, (properties, methods) in interfaces.items():
        if first:
            mock.AddObject(path, name, properties, [])
            first = False
        else:
            mockobject.objects[path].AddProperties(name, properties)
        mockobject.objects[path].AddMethods(name, methods)


def block(drive, number, backing='/', label=''):
    return {
        'Drive': dbus.ObjectPath(drive),
        'DeviceNumber': dbus.UInt64(number),
        'CryptoBackingDevice': dbus.ObjectPath(backing),
        'IdLabel': label,
    }


def mount_points(*points):
    return {'MountPoints': dbus.Array([dbus.ByteArray(p.encode() + b'\0') for p in points],
                                      signature='ay')}


def load(mock, parameters):
    usb = PREFIX + '/drives/USB_DISK'
    internal = PREFIX + '/drives/INTERNAL'
    busy = 'Target is busy' if parameters.get('BusyUnmount') else None
    add(mock, usb, {DRIVE: ({'Removable': True, 'Ejectable': True, 'CanPowerOff': True,
                             'Vendor': 'Generic', 'Model': 'USB DISK'},
                            [('PowerOff', 'a{sv}', '', logged('PowerOff')),
                             ('Eject', 'a{sv}', '', logged('Eject'))])})
    add(mock, internal, {DRIVE: ({'Removable': False, 'Ejectable': False, 'CanPowerOff': False,
                                  'Vendor': 'ATA', 'Model': 'INTERNAL'},
                                 [('PowerOff', 'a{sv}', '', logged('PowerOff'))])})
    add(mock, PREFIX + '/block_devices/sdb', {BLOCK: (block(usb, 0x0810), [])})
    sdb1 = PREFIX + '/block_devices/sdb1'
    cleartext = PREFIX + '/block_devices/dm_2d0'
    add(mock, sdb1, {BLOCK: (block(usb, 0x0811), []),
                     ENCRYPTED: ({'CleartextDevice': dbus.ObjectPath(cleartext)},
                                 [('Lock', 'a{sv}', '', logged('Lock'))])})
    unmount = (mount_points(parameters['MountPoint']),
               [('Unmount', 'a{sv}', '', logged('Unmount', busy))])
    if parameters.get('Loop'):
        add(mock, PREFIX + '/block_devices/loop0', {
            BLOCK: (block('/', int(parameters['DeviceNumber']), label='IMAGE'), []),
            FILESYSTEM: unmount,
            LOOP: ({'BackingFile': dbus.ByteArray(b'/images/disk.img\0')},
                   [('Delete', 'a{sv}', '', logged('Delete'))])})
        return
    add(mock, cleartext, {
        BLOCK: (block('/', int(parameters['DeviceNumber']), sdb1, 'USB DISK'), []),
        FILESYSTEM: unmount})
    add(mock, PREFIX + '/block_devices/sda1', {
        BLOCK: (block(internal, 0x0801), []),
        FILESYSTEM: (mount_points('/'), [('Unmount', 'a{sv}', '', logged('Unmount'))])})


@dbus.service.method(MOCK_IFACE, in_signature='', out_signature='as')
def GetEjectLog(_):
    return EJECT_LOG
