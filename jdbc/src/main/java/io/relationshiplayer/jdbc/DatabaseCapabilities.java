package io.relationshiplayer.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * What the service's SQL supports, as DatabaseMetaData's fixed answers: Calcite's SQL over the relationship layer
 * (joins, subqueries, unions, GROUP BY, foreign keys), serializable transactions that DDL takes part in, lower-cased
 * unquoted names in double quotes, no schemas, procedures, savepoints, scrollable or updatable results.
 */
abstract class DatabaseCapabilities implements DatabaseMetaData {
    @Override public boolean allProceduresAreCallable() { return false; }
    @Override public boolean allTablesAreSelectable() { return true; }
    @Override public boolean autoCommitFailureClosesAllResultSets() { return false; }
    /** DDL inside a transaction is part of it: it neither commits the transaction nor is ignored. */
    @Override public boolean dataDefinitionCausesTransactionCommit() { return false; }
    @Override public boolean dataDefinitionIgnoredInTransactions() { return false; }
    @Override public boolean deletesAreDetected(int type) { return false; }
    @Override public boolean doesMaxRowSizeIncludeBlobs() { return true; }
    @Override public boolean generatedKeyAlwaysReturned() { return false; }
    @Override public String getCatalogSeparator() { return ""; }
    @Override public String getCatalogTerm() { return "database"; }
    @Override public int getDefaultTransactionIsolation() { return Connection.TRANSACTION_SERIALIZABLE; }
    @Override public String getExtraNameCharacters() { return ""; }
    @Override public String getIdentifierQuoteString() { return "\""; }
    @Override public int getJDBCMajorVersion() { return 4; }
    @Override public int getJDBCMinorVersion() { return 2; }
    @Override public int getMaxBinaryLiteralLength() { return 0; }
    @Override public int getMaxCatalogNameLength() { return 0; }
    @Override public int getMaxCharLiteralLength() { return 0; }
    @Override public int getMaxColumnNameLength() { return 0; }
    @Override public int getMaxColumnsInGroupBy() { return 0; }
    @Override public int getMaxColumnsInIndex() { return 0; }
    @Override public int getMaxColumnsInOrderBy() { return 0; }
    @Override public int getMaxColumnsInSelect() { return 0; }
    @Override public int getMaxColumnsInTable() { return 0; }
    @Override public int getMaxConnections() { return 0; }
    @Override public int getMaxCursorNameLength() { return 0; }
    @Override public int getMaxIndexLength() { return 0; }
    @Override public long getMaxLogicalLobSize() { return 0; }
    @Override public int getMaxProcedureNameLength() { return 0; }
    /** FoundationDB's largest value: 100,000 bytes. */
    @Override public int getMaxRowSize() { return 100_000; }
    @Override public int getMaxSchemaNameLength() { return 0; }
    /** The server's --max-statement-bytes default, 512 KiB. */
    @Override public int getMaxStatementLength() { return 512 * 1024; }
    @Override public int getMaxStatements() { return 0; }
    @Override public int getMaxTableNameLength() { return 0; }
    @Override public int getMaxTablesInSelect() { return 0; }
    @Override public int getMaxUserNameLength() { return 0; }
    @Override public String getNumericFunctions() {
        return "ABS,CEIL,CEILING,EXP,FLOOR,LN,LOG10,MOD,POWER,ROUND,SIGN,SQRT,TRUNCATE";
    }
    @Override public String getProcedureTerm() { return "procedure"; }
    @Override public int getResultSetHoldability() { return ResultSet.CLOSE_CURSORS_AT_COMMIT; }
    @Override public RowIdLifetime getRowIdLifetime() { return RowIdLifetime.ROWID_UNSUPPORTED; }
    @Override public String getSQLKeywords() { return "DESCRIBE,EXPLAIN,MATERIALIZED,SHOW,TABLES"; }
    @Override public int getSQLStateType() { return sqlStateSQL; }
    @Override public String getSchemaTerm() { return "schema"; }
    @Override public String getSearchStringEscape() { return "\\"; }
    @Override public String getStringFunctions() {
        return "CHAR_LENGTH,CHARACTER_LENGTH,INITCAP,LOWER,OVERLAY,POSITION,SUBSTRING,TRIM,UPPER";
    }
    @Override public String getSystemFunctions() { return ""; }
    @Override public String getTimeDateFunctions() { return "CURRENT_DATE,CURRENT_TIMESTAMP,EXTRACT"; }
    @Override public boolean insertsAreDetected(int type) { return false; }
    @Override public boolean isCatalogAtStart() { return true; }
    @Override public boolean locatorsUpdateCopy() { return false; }
    @Override public boolean nullPlusNonNullIsNull() { return true; }
    @Override public boolean nullsAreSortedAtEnd() { return false; }
    @Override public boolean nullsAreSortedAtStart() { return false; }
    /** Calcite's default: NULLs sort last ascending, as if highest. */
    @Override public boolean nullsAreSortedHigh() { return true; }
    @Override public boolean nullsAreSortedLow() { return false; }
    @Override public boolean othersDeletesAreVisible(int type) { return false; }
    @Override public boolean othersInsertsAreVisible(int type) { return false; }
    @Override public boolean othersUpdatesAreVisible(int type) { return false; }
    @Override public boolean ownDeletesAreVisible(int type) { return false; }
    @Override public boolean ownInsertsAreVisible(int type) { return false; }
    @Override public boolean ownUpdatesAreVisible(int type) { return false; }
    @Override public boolean storesLowerCaseIdentifiers() { return true; }
    @Override public boolean storesLowerCaseQuotedIdentifiers() { return false; }
    @Override public boolean storesMixedCaseIdentifiers() { return false; }
    @Override public boolean storesMixedCaseQuotedIdentifiers() { return true; }
    @Override public boolean storesUpperCaseIdentifiers() { return false; }
    @Override public boolean storesUpperCaseQuotedIdentifiers() { return false; }
    @Override public boolean supportsANSI92EntryLevelSQL() { return true; }
    @Override public boolean supportsANSI92FullSQL() { return false; }
    @Override public boolean supportsANSI92IntermediateSQL() { return false; }
    @Override public boolean supportsAlterTableWithAddColumn() { return true; }
    @Override public boolean supportsAlterTableWithDropColumn() { return true; }
    @Override public boolean supportsBatchUpdates() { return true; }
    @Override public boolean supportsCatalogsInDataManipulation() { return false; }
    @Override public boolean supportsCatalogsInIndexDefinitions() { return false; }
    @Override public boolean supportsCatalogsInPrivilegeDefinitions() { return false; }
    @Override public boolean supportsCatalogsInProcedureCalls() { return false; }
    @Override public boolean supportsCatalogsInTableDefinitions() { return false; }
    @Override public boolean supportsColumnAliasing() { return true; }
    @Override public boolean supportsConvert() { return true; }
    @Override public boolean supportsConvert(int from, int to) { return true; }
    @Override public boolean supportsCoreSQLGrammar() { return true; }
    @Override public boolean supportsCorrelatedSubqueries() { return true; }
    @Override public boolean supportsDataDefinitionAndDataManipulationTransactions() { return false; }
    @Override public boolean supportsDataManipulationTransactionsOnly() { return true; }
    @Override public boolean supportsDifferentTableCorrelationNames() { return false; }
    @Override public boolean supportsExpressionsInOrderBy() { return true; }
    @Override public boolean supportsExtendedSQLGrammar() { return false; }
    @Override public boolean supportsFullOuterJoins() { return true; }
    @Override public boolean supportsGetGeneratedKeys() { return false; }
    @Override public boolean supportsGroupBy() { return true; }
    @Override public boolean supportsGroupByBeyondSelect() { return true; }
    @Override public boolean supportsGroupByUnrelated() { return true; }
    @Override public boolean supportsIntegrityEnhancementFacility() { return true; }
    @Override public boolean supportsLikeEscapeClause() { return true; }
    @Override public boolean supportsLimitedOuterJoins() { return true; }
    @Override public boolean supportsMinimumSQLGrammar() { return true; }
    @Override public boolean supportsMixedCaseIdentifiers() { return false; }
    @Override public boolean supportsMixedCaseQuotedIdentifiers() { return true; }
    @Override public boolean supportsMultipleOpenResults() { return false; }
    @Override public boolean supportsMultipleResultSets() { return false; }
    @Override public boolean supportsMultipleTransactions() { return true; }
    @Override public boolean supportsNamedParameters() { return false; }
    @Override public boolean supportsNonNullableColumns() { return true; }
    @Override public boolean supportsOpenCursorsAcrossCommit() { return false; }
    @Override public boolean supportsOpenCursorsAcrossRollback() { return false; }
    @Override public boolean supportsOpenStatementsAcrossCommit() { return true; }
    @Override public boolean supportsOpenStatementsAcrossRollback() { return true; }
    @Override public boolean supportsOrderByUnrelated() { return true; }
    @Override public boolean supportsOuterJoins() { return true; }
    @Override public boolean supportsPositionedDelete() { return false; }
    @Override public boolean supportsPositionedUpdate() { return false; }
    @Override public boolean supportsRefCursors() { return false; }
    @Override public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }
    @Override public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }
    @Override public boolean supportsResultSetType(int type) { return type == ResultSet.TYPE_FORWARD_ONLY; }
    @Override public boolean supportsSavepoints() { return false; }
    @Override public boolean supportsSchemasInDataManipulation() { return false; }
    @Override public boolean supportsSchemasInIndexDefinitions() { return false; }
    @Override public boolean supportsSchemasInPrivilegeDefinitions() { return false; }
    @Override public boolean supportsSchemasInProcedureCalls() { return false; }
    @Override public boolean supportsSchemasInTableDefinitions() { return false; }
    @Override public boolean supportsSelectForUpdate() { return false; }
    @Override public boolean supportsSharding() { return false; }
    @Override public boolean supportsStatementPooling() { return false; }
    @Override public boolean supportsStoredFunctionsUsingCallSyntax() { return false; }
    @Override public boolean supportsStoredProcedures() { return false; }
    @Override public boolean supportsSubqueriesInComparisons() { return true; }
    @Override public boolean supportsSubqueriesInExists() { return true; }
    @Override public boolean supportsSubqueriesInIns() { return true; }
    @Override public boolean supportsSubqueriesInQuantifieds() { return true; }
    @Override public boolean supportsTableCorrelationNames() { return true; }
    /** Every level is served by a serializable transaction (a stronger one), NONE excepted. */
    @Override public boolean supportsTransactionIsolationLevel(int level) {
        return level != Connection.TRANSACTION_NONE;
    }
    @Override public boolean supportsTransactions() { return true; }
    @Override public boolean supportsUnion() { return true; }
    @Override public boolean supportsUnionAll() { return true; }
    @Override public boolean updatesAreDetected(int type) { return false; }
    @Override public boolean usesLocalFilePerTable() { return false; }
    @Override public boolean usesLocalFiles() { return false; }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
