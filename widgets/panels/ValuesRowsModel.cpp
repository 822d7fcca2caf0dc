#include "panels/ValuesRowsModel.h"

#include <QGuiApplication>
#include <QPalette>

namespace bonescope::widgets {

QColor ValuesRowsModel::playheadTint()
{
    QColor tint = QGuiApplication::palette().color(QPalette::Highlight);
    tint.setAlpha(70);
    return tint;
}

} // namespace bonescope::widgets
