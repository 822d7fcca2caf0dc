#include "Settings.h"

#include <algorithm>

namespace bonescope::app {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kRecent = QStringLiteral("files/recent");
const QString kLastFolder = QStringLiteral("files/lastFolder");
const QString kLoopPreview = QStringLiteral("playback/loopPreview");
} // namespace

Settings::Settings() : m_settings(QStringLiteral("Bonescope"), QStringLiteral("Bonescope"))
{
}

QByteArray Settings::windowGeometry() const
{
    return m_settings.value(kGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray& geometry)
{
    m_settings.setValue(kGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    return m_settings.value(kState).toByteArray();
}

void Settings::setWindowState(const QByteArray& state)
{
    m_settings.setValue(kState, state);
}

render::ViewOptions Settings::viewOptions() const
{
    render::ViewOptions defaults;
    render::ViewOptions o;
    m_settings.beginGroup(QStringLiteral("view"));
    o.showSprites = m_settings.value("sprites", defaults.showSprites).toBool();
    o.showBones = m_settings.value("bones", defaults.showBones).toBool();
    o.showPivots = m_settings.value("pivots", defaults.showPivots).toBool();
    o.showBounds = m_settings.value("bounds", defaults.showBounds).toBool();
    o.showAxes = m_settings.value("axes", defaults.showAxes).toBool();
    o.showGrid = m_settings.value("grid", defaults.showGrid).toBool();
    o.gridStep = m_settings.value("gridStep", defaults.gridStep).toFloat();
    o.onionSkin = m_settings.value("onion", defaults.onionSkin).toBool();
    // Counts bound the ghost poses sampled per frame: an edited file must not ask for millions.
    o.onionBefore = std::clamp(m_settings.value("onionBefore", defaults.onionBefore).toInt(), 0,
                               render::ViewOptions::kMaxOnionFrames);
    o.onionAfter = std::clamp(m_settings.value("onionAfter", defaults.onionAfter).toInt(), 0,
                              render::ViewOptions::kMaxOnionFrames);
    o.onionOpacity = m_settings.value("onionOpacity", defaults.onionOpacity).toFloat();
    if (!m_settings.contains("onion") && o.onionBefore == 0 && o.onionAfter == 0) {
        // Written before the on/off switch, when counts of 0 meant "off", not "no ghosts".
        o.onionBefore = defaults.onionBefore;
        o.onionAfter = defaults.onionAfter;
    }
    o.checkerBackground = m_settings.value("checker", defaults.checkerBackground).toBool();
    o.background = m_settings.value("background", defaults.background).value<QColor>();
    o.premultipliedAlpha = m_settings.value("premultiplied", defaults.premultipliedAlpha).toBool();
    o.smoothFiltering = m_settings.value("smooth", defaults.smoothFiltering).toBool();
    m_settings.endGroup();
    return o;
}

void Settings::setViewOptions(const render::ViewOptions& o)
{
    m_settings.beginGroup(QStringLiteral("view"));
    m_settings.setValue("sprites", o.showSprites);
    m_settings.setValue("bones", o.showBones);
    m_settings.setValue("pivots", o.showPivots);
    m_settings.setValue("bounds", o.showBounds);
    m_settings.setValue("axes", o.showAxes);
    m_settings.setValue("grid", o.showGrid);
    m_settings.setValue("gridStep", o.gridStep);
    m_settings.setValue("onion", o.onionSkin);
    m_settings.setValue("onionBefore", o.onionBefore);
    m_settings.setValue("onionOpacity", o.onionOpacity);
    m_settings.setValue("onionAfter", o.onionAfter);
    m_settings.setValue("checker", o.checkerBackground);
    m_settings.setValue("background", o.background);
    m_settings.setValue("premultiplied", o.premultipliedAlpha);
    m_settings.setValue("smooth", o.smoothFiltering);
    m_settings.endGroup();
}

bool Settings::loopPreview() const
{
    return m_settings.value(kLoopPreview, true).toBool();
}

void Settings::setLoopPreview(bool loop)
{
    m_settings.setValue(kLoopPreview, loop);
}

QStringList Settings::recentFiles() const
{
    return m_settings.value(kRecent).toStringList().mid(0, kMaxRecentFiles);
}

void Settings::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    m_settings.setValue(kRecent, files.mid(0, kMaxRecentFiles));
}

void Settings::removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    m_settings.setValue(kRecent, files);
}

QString Settings::lastFolder() const
{
    return m_settings.value(kLastFolder).toString();
}

void Settings::setLastFolder(const QString& folder)
{
    m_settings.setValue(kLastFolder, folder);
}

} // namespace bonescope::app
