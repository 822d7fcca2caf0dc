#pragma once

#include <QSaveFile>
#include <QString>

#include <array>
#include <ostream>
#include <streambuf>

namespace bonescope::cli {

/// A std::ostream onto a QSaveFile: the core writers stream into a temporary beside `path`,
/// and the file appears only on commit(), complete. Destroyed uncommitted, it leaves nothing.
class SaveFileStream {
public:
    explicit SaveFileStream(const QString& path);
    SaveFileStream(const SaveFileStream&) = delete;
    SaveFileStream& operator=(const SaveFileStream&) = delete;

    /// False when the temporary could not be created (see errorString()).
    bool isOpen() const { return m_file.isOpen(); }
    std::ostream& stream() { return m_stream; }
    /// Flushes and renames the temporary onto the path; false on any write error.
    bool commit();
    QString errorString() const { return m_file.errorString(); }

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(QSaveFile& file);

    protected:
        int_type overflow(int_type c) override;
        int sync() override;

    private:
        QSaveFile& m_file;
        std::array<char, 1 << 16> m_bytes;
    };

    QSaveFile m_file;
    Buffer m_buffer;
    std::ostream m_stream;
};

} // namespace bonescope::cli
