'''python-dbusmock template: a file manager's org.freedesktop.FileManager1 interface
(https://www.freedesktop.org/wiki/Specifications/file-manager-interface/).

ShowItems, ShowFolders and ShowItemProperties do nothing; their calls are in the main
object's call log (org.freedesktop.DBus.Mock.GetMethodCalls).
'''

BUS_NAME = 'org.freedesktop.FileManager1'
MAIN_OBJ = '/org/freedesktop/FileManager1'
MAIN_IFACE = 'org.freedesktop.FileManager1'
SYSTEM_BUS = False


def load(mock, parameters):
    # pylint: disable=unused-argument
    mock.AddMethods(MAIN_IFACE, [
        ('ShowItems', 'ass', '', ''),
        ('ShowFolders', 'ass', '', ''),
        ('ShowItemProperties', 'ass', '', ''),
    ])
