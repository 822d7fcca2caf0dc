#include "cli/SaveFileStream.h"

namespace bonescope::cli {

SaveFileStream::Buffer::Buffer(QSaveFile& file) : m_file(file)
{
    setp(m_bytes.data(), m_bytes.data() + m_bytes.size());
}

SaveFileStream::Buffer::int_type SaveFileStream::Buffer::overflow(int_type c)
{
    if (sync() != 0)
        return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int SaveFileStream::Buffer::sync()
{
    const qint64 size = pptr() - pbase();
    if (size > 0 && m_file.write(pbase(), size) != size)
        return -1;
    setp(m_bytes.data(), m_bytes.data() + m_bytes.size());
    return 0;
}

SaveFileStream::SaveFileStream(const QString& path)
    : m_file(path), m_buffer(m_file), m_stream(&m_buffer)
{
    if (!m_file.open(QIODevice::WriteOnly))
        m_stream.setstate(std::ios::badbit);
}

bool SaveFileStream::commit()
{
    m_stream.flush();
    return static_cast<bool>(m_stream) && m_file.commit();
}

} // namespace bonescope::cli
