#include "AboutDialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <glm/detail/setup.hpp>
#include <nlohmann/json_fwd.hpp>
#include <pugixml.hpp>

namespace bonescope::app {

namespace {

struct Component {
    QString name;
    QString version;
    QString licence;
};

QString pugixmlVersion()
{
    // PUGIXML_VERSION is major * 1000 + minor * 10 (1130 for 1.13).
    return QStringLiteral("%1.%2").arg(PUGIXML_VERSION / 1000).arg(PUGIXML_VERSION % 1000 / 10);
}

QString licencesHtml()
{
    const QList<Component> components = {
        {QStringLiteral("Bonescope"), QStringLiteral(BONESCOPE_VERSION),
         QStringLiteral("MIT, © 2026 The Bonescope developers")},
        {QStringLiteral("Qt"), QString::fromLatin1(qVersion()),
         QStringLiteral("GNU LGPL version 3 (or GPL version 2 or 3), linked dynamically: "
                        "Help → About Qt")},
        {QStringLiteral("pugixml"), pugixmlVersion(),
         QStringLiteral("MIT, © 2006-2022 Arseny Kapoulkine")},
        {QStringLiteral("nlohmann/json"),
         QStringLiteral("%1.%2.%3")
             .arg(NLOHMANN_JSON_VERSION_MAJOR)
             .arg(NLOHMANN_JSON_VERSION_MINOR)
             .arg(NLOHMANN_JSON_VERSION_PATCH),
         QStringLiteral("MIT, © 2013-2022 Niels Lohmann")},
        {QStringLiteral("glm"),
         QStringLiteral("%1.%2.%3.%4")
             .arg(GLM_VERSION_MAJOR)
             .arg(GLM_VERSION_MINOR)
             .arg(GLM_VERSION_PATCH)
             .arg(GLM_VERSION_REVISION),
         QStringLiteral("MIT, © 2005-2015 G-Truc Creation")},
        {QStringLiteral("Dragon sample armature"), QStringLiteral("cocos2d-x test resources"),
         QStringLiteral("MIT, © 2010-2012 cocos2d-x.org, 2013-2016 Chukong Technologies Inc., "
                        "2017-2020 Xiamen Yaji Software Co., Ltd.")},
    };
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>"
                                  "<tr><th align='left'>Component</th><th align='left'>Version</th>"
                                  "<th align='left'>Licence</th></tr>");
    for (const Component& component : components)
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                    .arg(component.name.toHtmlEscaped(), component.version.toHtmlEscaped(),
                         component.licence.toHtmlEscaped());
    html += QStringLiteral("</table>");

    QFile licence(QStringLiteral(":/licence/LICENSE"));
    const QString mitText = licence.open(QIODevice::ReadOnly)
                                ? QString::fromUtf8(licence.readAll())
                                : QStringLiteral("(the embedded licence text is missing)");
    html += QStringLiteral("<h4>The MIT licence</h4><p>Bonescope's terms below; pugixml, "
                           "nlohmann/json, glm and the sample armature are under the same terms "
                           "with the copyright notices above.</p><pre>%1</pre>")
                .arg(mitText.toHtmlEscaped());
    html += QStringLiteral(
        "<h4>Qt</h4><p>Qt is used under the GNU Lesser General Public License version 3: "
        "Help → About Qt, <a href='https://www.gnu.org/licenses/lgpl-3.0.html'>"
        "gnu.org/licenses/lgpl-3.0.html</a>, and on Debian /usr/share/common-licenses/LGPL-3. "
        "Bonescope links the Qt libraries of the system, which can be replaced.</p>");
    return html;
}

} // namespace

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent), m_heading(new QLabel(this)), m_licences(new QTextBrowser(this))
{
    setWindowTitle(tr("About Bonescope"));
    m_heading->setObjectName(QStringLiteral("aboutHeading"));
    m_heading->setTextFormat(Qt::RichText);
    m_heading->setWordWrap(true);
    m_heading->setText(
        tr("<h2>Bonescope %1</h2>"
           "<p>Viewer and blend editor for cocos2d-x animation exports: DragonBones 2.x XML, "
           "CocoStudio ExportJson, AnimationCache plists, image sequences and grids, played as "
           "cocos2d-x plays them.</p>"
           "<p>Shortcuts: Space play/pause, ←/→ step, Home/End first/last frame, F fit, "
           "O onion skin, L loop, T trigger crossfade.</p>"
           "<p>Licence: MIT. The libraries it is built with and their licences:</p>")
            .arg(QStringLiteral(BONESCOPE_VERSION)));
    m_licences->setObjectName(QStringLiteral("aboutLicences"));
    m_licences->setOpenExternalLinks(true);
    m_licences->setHtml(licencesHtml());

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_licences, 1);
    layout->addWidget(buttons);
    resize(620, 560);
}

} // namespace bonescope::app
