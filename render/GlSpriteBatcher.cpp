#include "GlSpriteBatcher.h"

#include "TextureCache.h"

#include <QOpenGLShaderProgram>
#include <QOpenGLTexture>

#include <algorithm>
#include <cstddef>

namespace bonescope::render {

namespace {

constexpr GLenum kGlOne = GL_ONE;

} // namespace

GlSpriteBatcher::GlSpriteBatcher() = default;

GlSpriteBatcher::~GlSpriteBatcher() = default;

bool GlSpriteBatcher::initialize()
{
    initializeOpenGLFunctions();
    m_program = std::make_unique<QOpenGLShaderProgram>();
    if (!m_program->addCacheableShaderFromSourceFile(QOpenGLShader::Vertex,
                                                     QStringLiteral(":/shaders/sprite.vert"))) {
        m_error = QStringLiteral("sprite.vert: ") + m_program->log();
        return false;
    }
    if (!m_program->addCacheableShaderFromSourceFile(QOpenGLShader::Fragment,
                                                     QStringLiteral(":/shaders/sprite.frag"))) {
        m_error = QStringLiteral("sprite.frag: ") + m_program->log();
        return false;
    }
    if (!m_program->link()) {
        m_error = QStringLiteral("sprite shader link: ") + m_program->log();
        return false;
    }
    m_mvpLocation = m_program->uniformLocation("worldToClip");
    m_premultipliedLocation = m_program->uniformLocation("premultiplied");
    m_program->bind();
    for (int unit = 0; unit < kTextureSlots; ++unit)
        m_program->setUniformValue(
            m_program->uniformLocation(QStringLiteral("sprites[%1]").arg(unit)), unit);
    m_program->release();

    glGenVertexArrays(1, &m_vao);
    glGenBuffers(1, &m_vbo);
    glGenBuffers(1, &m_slotVbo);
    glGenBuffers(1, &m_ibo);
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, m_vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_ibo); // recorded in the VAO
    constexpr GLsizei stride = sizeof(SpriteVertex);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<void*>(offsetof(SpriteVertex, x)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<void*>(offsetof(SpriteVertex, u)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          reinterpret_cast<void*>(offsetof(SpriteVertex, r)));
    glBindBuffer(GL_ARRAY_BUFFER, m_slotVbo);
    glEnableVertexAttribArray(3);
    glVertexAttribIPointer(3, 1, GL_UNSIGNED_BYTE, 1, nullptr);
    glBindVertexArray(0);
    m_error.clear();
    return true;
}

void GlSpriteBatcher::ensureIndexCapacity(int quadCount)
{
    if (quadCount <= m_indexQuads)
        return;
    int capacity = m_indexQuads > 0 ? m_indexQuads : 1024;
    while (capacity < quadCount)
        capacity *= 2;
    std::vector<GLuint> indices(static_cast<size_t>(capacity) * 6);
    for (GLuint q = 0; q < static_cast<GLuint>(capacity); ++q) {
        const GLuint base = q * 4;
        GLuint* out = &indices[q * 6];
        out[0] = base, out[1] = base + 1, out[2] = base + 2;
        out[3] = base, out[4] = base + 2, out[5] = base + 3;
    }
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)),
                 indices.data(), GL_STATIC_DRAW);
    m_indexQuads = capacity;
}

QOpenGLTexture* GlSpriteBatcher::textureFor(const TextureCache& cache, int id,
                                            const ViewOptions& options)
{
    if (m_textureSource != &cache) {
        m_textures.clear();
        m_textureSource = &cache;
    }
    if (id < 0 || !cache.isValid(id))
        return nullptr;
    if (static_cast<size_t>(id) >= m_textures.size())
        m_textures.resize(static_cast<size_t>(id) + 1);
    GpuTexture& gpu = m_textures[static_cast<size_t>(id)];
    if (!gpu.texture || gpu.revision != cache.revision(id) ||
        gpu.premultiplied != options.premultipliedAlpha) {
        // QOpenGLTexture(QImage) would un-premultiply: upload the bytes ourselves.
        const QImage image = cache.image(id).convertToFormat(
            options.premultipliedAlpha ? QImage::Format_RGBA8888_Premultiplied
                                       : QImage::Format_RGBA8888);
        auto texture = std::make_unique<QOpenGLTexture>(QOpenGLTexture::Target2D);
        texture->setFormat(QOpenGLTexture::RGBA8_UNorm);
        texture->setSize(image.width(), image.height());
        texture->setMipLevels(1);
        texture->allocateStorage(QOpenGLTexture::RGBA, QOpenGLTexture::UInt8);
        texture->setData(QOpenGLTexture::RGBA, QOpenGLTexture::UInt8, image.constBits());
        texture->setWrapMode(QOpenGLTexture::ClampToEdge);
        gpu.texture = std::move(texture);
        gpu.revision = cache.revision(id);
        gpu.premultiplied = options.premultipliedAlpha;
    }
    const auto filter = options.smoothFiltering ? QOpenGLTexture::Linear : QOpenGLTexture::Nearest;
    if (gpu.texture->minificationFilter() != filter)
        gpu.texture->setMinMagFilters(filter, filter);
    return gpu.texture.get();
}

void GlSpriteBatcher::planBatches(const DrawList& list)
{
    m_batches.clear();
    m_slots.resize(list.vertices.size());
    const int quadCount = static_cast<int>(list.quads.size());
    for (int q = 0; q < quadCount; ++q) {
        const SpriteQuad& quad = list.quads[static_cast<size_t>(q)];
        if (m_batches.empty() || !(m_batches.back().blend == quad.blend))
            m_batches.push_back({q, 0, 0, {}, quad.blend});
        Batch* batch = &m_batches.back();
        int slot = 0;
        while (slot < batch->textureCount && batch->textures[slot] != quad.textureId)
            ++slot;
        if (slot == batch->textureCount) {
            if (batch->textureCount == kTextureSlots) {
                m_batches.push_back({q, 0, 0, {}, quad.blend});
                batch = &m_batches.back();
                slot = 0;
            }
            batch->textures[slot] = quad.textureId;
            batch->textureCount = slot + 1;
        }
        ++batch->quadCount;
        std::fill_n(m_slots.begin() + 4 * q, 4, static_cast<std::uint8_t>(slot));
    }
}

int GlSpriteBatcher::draw(const DrawList& list, const QMatrix4x4& worldToClip,
                          const ViewOptions& options)
{
    if (!m_program || !m_vao || list.quads.empty() || !list.textures)
        return 0;
    planBatches(list);

    m_program->bind();
    m_program->setUniformValue(m_mvpLocation, worldToClip);
    m_program->setUniformValue(m_premultipliedLocation, options.premultipliedAlpha);
    glBindVertexArray(m_vao);
    const auto upload = [this](unsigned buffer, int& capacity, const void* data, int bytes) {
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        if (bytes > capacity) {
            glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
            capacity = bytes;
        }
        glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, data);
    };
    upload(m_vbo, m_vboBytes, list.vertices.data(),
           static_cast<int>(list.vertices.size() * sizeof(SpriteVertex)));
    upload(m_slotVbo, m_slotBytes, m_slots.data(), static_cast<int>(m_slots.size()));
    ensureIndexCapacity(static_cast<int>(list.quads.size()));

    glEnable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);

    int calls = 0;
    for (const Batch& batch : m_batches) {
        for (int slot = 0; slot < batch.textureCount; ++slot) {
            glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(slot));
            if (QOpenGLTexture* texture = textureFor(*list.textures, batch.textures[slot], options))
                texture->bind();
            else
                glBindTexture(GL_TEXTURE_2D, 0); // reads as transparent black
        }
        // Straight-alpha textures need the source weighted by alpha where the data assumes
        // premultiplied colour.
        const GLenum src = (!options.premultipliedAlpha && batch.blend.src == kGlOne)
                               ? GL_SRC_ALPHA
                               : static_cast<GLenum>(batch.blend.src);
        glBlendFunc(src, static_cast<GLenum>(batch.blend.dst));
        glDrawElements(
            GL_TRIANGLES, batch.quadCount * 6, GL_UNSIGNED_INT,
            reinterpret_cast<void*>(static_cast<size_t>(batch.firstQuad) * 6 * sizeof(GLuint)));
        ++calls;
    }
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(0);
    m_program->release();
    return calls;
}

void GlSpriteBatcher::release()
{
    m_textures.clear();
    m_textureSource = nullptr;
    if (m_vao) {
        glDeleteVertexArrays(1, &m_vao);
        glDeleteBuffers(1, &m_vbo);
        glDeleteBuffers(1, &m_slotVbo);
        glDeleteBuffers(1, &m_ibo);
        m_vao = m_vbo = m_slotVbo = m_ibo = 0;
    }
    m_indexQuads = 0;
    m_vboBytes = 0;
    m_slotBytes = 0;
    m_program.reset();
}

} // namespace bonescope::render
