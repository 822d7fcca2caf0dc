#pragma once

#include <QFile>
#include <QString>

namespace bonescope::test {

/// Writes into `folder` the corpus's cyborg.xml with armatures nested two deep: armInside's left
/// hand shows the armOutside armature (a second weapon arm), so cyborg → armInside → armOutside,
/// as cocos2d-x draws any depth of nesting. cyborg's atlas goes beside it. Returns the XML's
/// path; empty when a file could not be read or written.
inline QString writeTwiceNestedCyborg(const QString& folder)
{
    const QString corpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus/");
    QFile source(corpus + QStringLiteral("cyborg.xml"));
    if (!source.open(QIODevice::ReadOnly))
        return {};
    QByteArray xml = source.readAll();
    const QByteArray hand = R"(z="0">
    <d name="CyborgFolder-LeftHand"/>)";
    if (xml.count(hand) != 1)
        return {};
    xml.replace(hand, R"(z="0">
    <d name="armOutside" isArmature="1"/>)");
    const QString path = folder + QStringLiteral("/cyborg.xml");
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(xml) != xml.size())
        return {};
    for (const char* name : {"cyborg.plist", "cyborg.png"})
        if (!QFile::copy(corpus + name, folder + '/' + name))
            return {};
    return path;
}

} // namespace bonescope::test
