#include "panels/TransitionTablePanel.h"

#include "panels/TrimmedSpinBox.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <utility>

namespace bonescope::widgets {

namespace {

enum Column { Source, Target, Type, Duration, Unit, ColumnCount };
enum UnitChoice { Frames, Seconds, TargetTo };

} // namespace

TransitionTablePanel::TransitionTablePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_table(new QTableWidget(0, ColumnCount, this)),
      m_refusal(new QLabel(this)), m_add(new QPushButton(tr("Add Pair"), this)),
      m_remove(new QPushButton(tr("Remove"), this))
{
    m_table->setObjectName(QStringLiteral("transitionTable"));
    m_add->setObjectName(QStringLiteral("addPairButton"));
    m_remove->setObjectName(QStringLiteral("removePairButton"));
    m_table->setHorizontalHeaderLabels(
        {tr("Source"), tr("Target"), tr("Transition"), tr("Duration"), tr("Unit")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_add->setToolTip(tr("Store the crossfade inspector's source, target and transition (a "
                         "row's source and target can then be changed in its cells)"));
    m_refusal->setObjectName(QStringLiteral("transitionTableRefusal"));
    m_refusal->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_refusal);
    layout->addLayout(buttons);

    connect(m_add, &QPushButton::clicked, this, &TransitionTablePanel::addPair);
    connect(m_remove, &QPushButton::clicked, this, &TransitionTablePanel::removePair);
    connect(document, &AbstractDocument::documentChanged, this, &TransitionTablePanel::rebuild);
    connect(document->editing(), &AbstractEditing::transitionTableChanged, this,
            &TransitionTablePanel::rebuild);
    rebuild();
}

void TransitionTablePanel::rebuild()
{
    const core::TransitionTable& table = m_document->editing()->transitionTable();
    m_table->setRowCount(int(table.rules.size()) + 1);
    showRow(0, tr("(default)"), tr("(any)"), table.fallback);
    for (size_t i = 0; i < table.rules.size(); ++i)
        showRow(int(i) + 1, QString::fromStdString(table.rules[i].source),
                QString::fromStdString(table.rules[i].target), table.rules[i].spec);
    // The columns fit the boxes' names: the header does not measure widgets filled after it
    // laid out.
    m_table->resizeColumnsToContents();
    const bool armature = m_document->kind() == AbstractDocument::Kind::Armature;
    setEnabled(armature);
    m_refusal->hide();
}

void TransitionTablePanel::createRow(int row)
{
    for (const int column : {Source, Target}) {
        if (row == 0) { // the default's "(default)" and "(any)"
            auto* item = new QTableWidgetItem;
            item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            m_table->setItem(row, column, item);
            continue;
        }
        auto* name = new QComboBox(m_table);
        // Narrow, so that the row's other cells stay in sight of a side dock; the list itself
        // shows whole names.
        name->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        name->setMinimumContentsLength(6);
        m_table->setCellWidget(row, column, name);
        connect(name, &QComboBox::activated, this, &TransitionTablePanel::push);
    }
    auto* type = new QComboBox(m_table);
    for (TransitionType kind : {TransitionType::Switch, TransitionType::WhileAnimating,
                                TransitionType::ThenAnimate, TransitionType::DurationTo})
        type->addItem(transitionTypeName(kind), int(kind));
    auto* duration = new TrimmedSpinBox(m_table);
    duration->setDecimals(3);
    duration->setKeyboardTracking(false);
    auto* unit = new QComboBox(m_table);
    unit->addItem(tr("frames"), Frames);
    unit->addItem(tr("seconds"), Seconds);
    unit->addItem(tr("target's own durationTo"), TargetTo);
    m_table->setCellWidget(row, Type, type);
    m_table->setCellWidget(row, Duration, duration);
    m_table->setCellWidget(row, Unit, unit);
    connect(type, &QComboBox::activated, this, &TransitionTablePanel::push);
    connect(unit, &QComboBox::activated, this, &TransitionTablePanel::push);
    connect(duration, &QDoubleSpinBox::valueChanged, this, &TransitionTablePanel::push);
}

void TransitionTablePanel::showRow(int row, const QString& source, const QString& target,
                                   const core::TransitionSpec& spec)
{
    // A row keeps its widgets from one edit to the next: a box stepped with the arrow keys
    // keeps the focus for the next step.
    if (!m_table->cellWidget(row, Type))
        createRow(row);
    const QStringList movements = m_document->movementNames();
    for (const auto& [column, text] : {std::pair{Source, source}, std::pair{Target, target}}) {
        if (row == 0) {
            m_table->item(row, column)->setText(text);
            continue;
        }
        // A rule kept for a movement this export no longer has stays as the sidecar holds it.
        QStringList names = movements;
        if (!names.contains(text))
            names.append(text);
        auto* name = static_cast<QComboBox*>(m_table->cellWidget(row, column));
        const QSignalBlocker blocker(name);
        QStringList shown;
        for (int i = 0; i < name->count(); ++i)
            shown.append(name->itemText(i));
        if (shown != names) {
            name->clear();
            name->addItems(names);
        }
        name->setCurrentText(text);
    }
    auto* type = static_cast<QComboBox*>(m_table->cellWidget(row, Type));
    auto* duration = static_cast<QDoubleSpinBox*>(m_table->cellWidget(row, Duration));
    auto* unit = static_cast<QComboBox*>(m_table->cellWidget(row, Unit));
    const QSignalBlocker blockType(type), blockDuration(duration), blockUnit(unit);
    type->setCurrentIndex(int(spec.kind));
    duration->setRange(0.0, core::TransitionSpec::maxDuration(spec.unit));
    duration->setValue(spec.duration);
    unit->setCurrentIndex(
        spec.kind == core::TransitionKind::DurationTo && spec.targetDurationTo
            ? TargetTo
            : (spec.unit == core::TransitionSpec::Unit::Frames ? Frames : Seconds));
    // A Switch has no duration; the target's own durationTo is the export's.
    duration->setEnabled(core::transitionLasts(spec.kind) && unit->currentIndex() != TargetTo);
    unit->setEnabled(core::transitionLasts(spec.kind));
}

core::TransitionTable TransitionTablePanel::edited() const
{
    core::TransitionTable table = m_document->editing()->transitionTable();
    // `shown` is the row's spec as the widgets were filled with it.
    const auto specOf = [this](int row, const core::TransitionSpec& shown) {
        core::TransitionSpec spec;
        spec.kind = core::TransitionKind(
            static_cast<QComboBox*>(m_table->cellWidget(row, Type))->currentData().toInt());
        const int unit =
            static_cast<QComboBox*>(m_table->cellWidget(row, Unit))->currentData().toInt();
        // "The target's own durationTo" only means something for cocos2d-x's transition.
        spec.targetDurationTo = unit == TargetTo && spec.kind == core::TransitionKind::DurationTo;
        // The box rounds to its decimals: while it shows the stored duration, that is the
        // number (1 frame is 0.0167 s, not 0.017).
        const auto* duration = static_cast<QDoubleSpinBox*>(m_table->cellWidget(row, Duration));
        const bool untouched =
            duration->valueFromText(duration->textFromValue(shown.duration)) == duration->value();
        spec.unit = shown.unit;
        spec.duration = untouched ? shown.duration : duration->value();
        // A new unit keeps the length of time: 30 frames become 0.5 seconds.
        spec.convertTo(unit == Seconds ? core::TransitionSpec::Unit::Seconds
                                       : core::TransitionSpec::Unit::Frames);
        return spec;
    };
    const auto nameIn = [this](int row, int column) {
        return static_cast<QComboBox*>(m_table->cellWidget(row, column))
            ->currentText()
            .toStdString();
    };
    table.fallback = specOf(0, table.fallback);
    for (size_t i = 0; i < table.rules.size(); ++i) {
        const int row = int(i) + 1;
        table.rules[i].spec = specOf(row, table.rules[i].spec);
        table.rules[i].source = nameIn(row, Source);
        table.rules[i].target = nameIn(row, Target);
    }
    return table;
}

void TransitionTablePanel::push()
{
    const core::TransitionTable table = edited();
    // The first row of a pair decides (TransitionTable::find): a second would do nothing.
    for (size_t i = 0; i < table.rules.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (table.rules[i].source == table.rules[j].source &&
                table.rules[i].target == table.rules[j].target) {
                rebuild(); // the rows as they were
                m_refusal->setText(tr("%1 → %2 has a row already: change that one")
                                       .arg(QString::fromStdString(table.rules[i].source),
                                            QString::fromStdString(table.rules[i].target)));
                m_refusal->show();
                return;
            }
    m_document->editing()->setTransitionTable(table);
}

void TransitionTablePanel::addPair()
{
    const Transition transition = m_document->crossfade()->transition();
    const QStringList names = m_document->movementNames();
    if (transition.source < 0 || transition.target < 0 || transition.target >= names.size())
        return;
    core::TransitionTable table = m_document->editing()->transitionTable();
    core::TransitionRule rule;
    rule.source = names.at(transition.source).toStdString();
    rule.target = names.at(transition.target).toStdString();
    rule.spec.kind = transition.type;
    rule.spec.duration = transition.durationFrames;
    // The inspector's durationTo mode is the target's own `to`.
    rule.spec.targetDurationTo = transition.type == TransitionType::DurationTo;
    for (auto& existing : table.rules)
        if (existing.source == rule.source && existing.target == rule.target) {
            existing.spec = rule.spec;
            m_document->editing()->setTransitionTable(table);
            return;
        }
    table.rules.push_back(std::move(rule));
    m_document->editing()->setTransitionTable(table);
}

void TransitionTablePanel::removePair()
{
    const int row = m_table->currentRow();
    core::TransitionTable table = m_document->editing()->transitionTable();
    if (row < 1 || size_t(row) > table.rules.size())
        return;
    table.rules.erase(table.rules.begin() + (row - 1));
    m_document->editing()->setTransitionTable(table);
}

} // namespace bonescope::widgets
