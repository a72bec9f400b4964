"""ulid for Django (3.2 and later, the PostgreSQL backend).

    from pgulid.django import ULIDAutoField, ULIDField, GenUlid

    class Order(models.Model):
        id = ULIDAutoField(primary_key=True)      # DEFAULT gen_ulid() in the table
        ref = ULIDField(default=GenUlid())        # gen_ulid() in each INSERT
        legacy = ULIDField(null=True)             # a plain ulid column

- ULIDAutoField is a subclass of AutoField, because Django 3.2 leaves the key
  out of the INSERT (and bulk_create reads it back) only for those: the
  database's DEFAULT gen_ulid() makes the key.  It also works as
  DEFAULT_AUTO_FIELD.  Its column and every foreign key to it are ulid.
- Values are pgulid.ULID, the canonical text; a str in either case, a
  uuid.UUID or 16 bytes are accepted in assignments, lookups and forms.
- AlterToULID is AlterField for a migration that turns a varchar or text
  column into a ULID field: see its docstring.
"""

from django import forms
from django.core import exceptions
from django.db import migrations, models
from django.db.models.query_utils import DeferredAttribute
from django.utils.functional import cached_property

from . import ULID

__all__ = ["ULIDField", "ULIDAutoField", "GenUlid", "AlterToULID", "ULID"]


def _is_expression(value):
    return hasattr(value, "resolve_expression")


class _ULIDDescriptor(DeferredAttribute):
    """Keeps the canonical text on the instance, whatever form came in."""

    def __set__(self, instance, value):
        if value is not None and not _is_expression(value):
            try:
                value = ULID(value)
            except (TypeError, ValueError):
                pass    # full_clean() or the database reports it
        instance.__dict__[self.field.attname] = value


class _ULIDMixin:
    descriptor_class = _ULIDDescriptor
    empty_strings_allowed = False
    default_error_messages = {"invalid": "“%(value)s” is not a valid ULID."}

    def db_type(self, connection):
        return "ulid"

    def rel_db_type(self, connection):
        return "ulid"

    def get_internal_type(self):
        return type(self).__name__

    @cached_property
    def validators(self):
        # not IntegerField's range checks
        return [*self.default_validators, *self._validators]

    def to_python(self, value):
        if value is None or isinstance(value, ULID) or _is_expression(value):
            return value
        try:
            return ULID(value)
        except (TypeError, ValueError):
            raise exceptions.ValidationError(self.error_messages["invalid"], code="invalid",
                                             params={"value": value})

    def get_prep_value(self, value):
        value = models.Field.get_prep_value(self, value)
        return None if value is None else str(self.to_python(value))

    def from_db_value(self, value, expression, connection):
        return None if value is None else ULID(value)


class ULIDField(_ULIDMixin, models.Field):
    """A ulid column.  default=GenUlid() has the server make the value."""

    description = "ULID"

    @property
    def db_returning(self):
        # a value the server makes comes back with INSERT ... RETURNING
        return _is_expression(self.default)

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": forms.CharField, "max_length": 26, **kwargs})


class ULIDAutoField(_ULIDMixin, models.AutoField):
    """A ulid primary key that the database makes: DEFAULT gen_ulid()."""

    description = "ULID primary key, DEFAULT gen_ulid()"

    def db_type_suffix(self, connection):
        # after the type in CREATE TABLE (Django's place for serial's kin)
        return "DEFAULT gen_ulid()"


class GenUlid(models.Func):
    """gen_ulid(): a new ULID from the server."""

    function = "gen_ulid"
    template = "%(function)s()"
    arity = 0
    output_field = ULIDField()


class AlterToULID(migrations.AlterField):
    """AlterField for a varchar or text column that becomes a ULID field.

    Use it in place of migrations.AlterField.  Before the type changes it
    drops the varchar_pattern_ops / text_pattern_ops indexes that Django's
    PostgreSQL backend made for LIKE on the column and on the foreign keys
    that point at it (no such operator class takes ulid, so ALTER ... TYPE
    ulid would fail rebuilding them).  For a ULIDAutoField it then sets the
    column's DEFAULT gen_ulid(), which Django writes only in CREATE TABLE.
    Backwards, it alters the type back and drops that default; the LIKE
    indexes are not recreated.
    """

    def _pattern_indexes(self, schema_editor, model, field):
        columns = [(model._meta.db_table, field.column)]
        for rel in model._meta.related_objects:
            if rel.field_name == field.name and rel.field.concrete:
                columns.append((rel.related_model._meta.db_table, rel.field.column))
        found = []
        with schema_editor.connection.cursor() as cur:
            for table, column in columns:
                cur.execute("""
                    SELECT DISTINCT i.indexrelid::regclass::text
                      FROM pg_index i
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                      JOIN pg_opclass o ON o.oid = ANY (i.indclass::oid[])
                     WHERE i.indrelid = %s::regclass AND a.attname = %s
                       AND o.opcname IN ('varchar_pattern_ops', 'text_pattern_ops')""",
                            [schema_editor.quote_name(table), column])
                found.extend(r[0] for r in cur.fetchall())
        return found

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        from_model = from_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, from_model):
            old_field = from_model._meta.get_field(self.name)
            for index in self._pattern_indexes(schema_editor, from_model, old_field):
                schema_editor.execute("DROP INDEX %s" % index)
        super().database_forwards(app_label, schema_editor, from_state, to_state)
        to_model = to_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, to_model):
            new_field = to_model._meta.get_field(self.name)
            if isinstance(new_field, ULIDAutoField):
                schema_editor.execute("ALTER TABLE %s ALTER COLUMN %s SET DEFAULT gen_ulid()" % (
                    schema_editor.quote_name(to_model._meta.db_table),
                    schema_editor.quote_name(new_field.column)))

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        model = from_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, model):
            field = model._meta.get_field(self.name)
            if isinstance(field, ULIDAutoField):
                schema_editor.execute("ALTER TABLE %s ALTER COLUMN %s DROP DEFAULT" % (
                    schema_editor.quote_name(model._meta.db_table),
                    schema_editor.quote_name(field.column)))
        super().database_backwards(app_label, schema_editor, from_state, to_state)
