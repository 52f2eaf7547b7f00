#pragma once

#include <QIcon>

namespace Sluice::Ui {

/// The application icon (resources/icons/io.github.sluicecopy.Sluice.svg, compiled in
/// through sluice.qrc). Registers the resources on first use. GUI thread.
QIcon appIcon();

/// The resource path of the icon's SVG.
inline constexpr char16_t AppIconPath[] = u":/icons/io.github.sluicecopy.Sluice.svg";

} // namespace Sluice::Ui
